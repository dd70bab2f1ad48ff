//! A small kind for the generation tests, `example.com/v1` `Gadget`: a
//! tagged type (DV through `#[derive(Validate)]`) and its hand-written twin
//! (HV), plus twins with planted divergences.
#![allow(dead_code)]

use apimachinery::Validate;
use apimachinery::content::{is_dns1123_label, is_label_key};
use apimachinery::field::{Error, ErrorList, Path};
use apimachinery::operation::{Context, Operation};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

apimachinery::k8s_enum! {
    /// The protocol of a port.
    /// +k8s:enum
    pub enum Protocol {
        /// TCP.
        Tcp = "TCP",
        /// UDP.
        Udp = "UDP",
    }
}

/// The object.
///
/// +k8s:supportsSubresource="/status"
#[derive(Validate, Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Gadget {
    /// TypeMeta.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// TypeMeta.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// The spec.
    #[serde(default)]
    pub spec: GadgetSpec,
    /// The status.
    #[serde(default)]
    pub status: GadgetStatus,
}

/// The spec.
#[derive(Validate, Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
pub struct GadgetSpec {
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:minimum=0
    /// +k8s:beta(since: "1.37")=+k8s:maximum=100
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-short-name
    #[serde(default)]
    pub class_name: String,
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxLength=16
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub storage_id: String,
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:listType=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=name
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<Port>,
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:listType=set
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:eachKey=+k8s:format=k8s-label-key
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub selector: BTreeMap<String, String>,
}

/// A port.
#[derive(Validate, Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Port {
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[serde(default)]
    pub name: String,
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:minimum=1
    #[serde(default)]
    pub port: i32,
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default)]
    pub protocol: Protocol,
}

/// The status.
#[derive(Validate, Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
pub struct GadgetStatus {
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:minimum=0
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready_replicas: Option<i32>,
}

/// Which divergence a hand-written twin carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bug {
    /// None: the faithful twin.
    None,
    /// HV allows 17 characters of description (DV: 16).
    DescriptionOffByOne,
    /// HV forgets that `storageId` is immutable.
    MutableStorage,
    /// HV rejects an uppercase class name only, not other format errors.
    LaxClassName,
}

fn covered(e: Error) -> Error {
    e.mark_covered_by_declarative()
}

/// The hand-written validator, with an optional planted bug.
pub fn validate_with(bug: Bug, ctx: &Context, g: &Gadget, old: Option<&Gadget>) -> ErrorList {
    let mut errs = ErrorList::new();
    let update = ctx.operation == Operation::Update;
    let old_spec = old.map(|o| &o.spec);
    let spec_path = Path::new("spec");
    let s = &g.spec;
    let unchanged = |same: bool| update && old.is_some() && same;

    let replicas = spec_path.child("replicas");
    if let Some(n) = s.replicas
        && !unchanged(old_spec.is_some_and(|o| o.replicas == s.replicas))
    {
        if n < 0 {
            errs.push(covered(
                Error::invalid(&replicas, n, "must be greater than or equal to 0")
                    .with_origin("minimum"),
            ));
        }
        if n > 100 {
            errs.push(covered(
                Error::invalid(&replicas, n, "must be less than or equal to 100")
                    .with_origin("maximum"),
            ));
        }
    }

    let class = spec_path.child("className");
    if !unchanged(old_spec.is_some_and(|o| o.class_name == s.class_name)) {
        if s.class_name.is_empty() {
            errs.push(covered(Error::required(&class, "")));
        } else {
            let msgs = is_dns1123_label(&s.class_name);
            let lax = bug == Bug::LaxClassName;
            if !lax || s.class_name.chars().any(|c| c.is_ascii_uppercase()) {
                for m in msgs {
                    errs.push(covered(
                        Error::invalid(&class, s.class_name.as_str(), m)
                            .with_origin("format=k8s-short-name"),
                    ));
                }
            }
        }
    }

    let limit = if bug == Bug::DescriptionOffByOne {
        17
    } else {
        16
    };
    if !s.description.is_empty()
        && !unchanged(old_spec.is_some_and(|o| o.description == s.description))
        && s.description.chars().count() > limit
    {
        errs.push(covered(
            Error::too_long_characters(&spec_path.child("description"), 16)
                .with_origin("maxLength"),
        ));
    }

    if bug != Bug::MutableStorage
        && update
        && let Some(o) = old_spec
        && o.storage_id != s.storage_id
    {
        errs.push(covered(
            Error::invalid(
                &spec_path.child("storageId"),
                s.storage_id.as_str(),
                "field is immutable",
            )
            .with_origin("immutable"),
        ));
    }

    let ports = spec_path.child("ports");
    if !s.ports.is_empty() && !unchanged(old_spec.is_some_and(|o| o.ports == s.ports)) {
        if s.ports.len() > 4 {
            errs.push(covered(
                Error::too_many(&ports, s.ports.len() as i64, 4).with_origin("maxItems"),
            ));
        } else {
            for (i, p) in s.ports.iter().enumerate() {
                if s.ports[..i].iter().any(|q| q.name == p.name) {
                    errs.push(covered(Error::duplicate(&ports.index(i), "")));
                }
            }
            for (i, p) in s.ports.iter().enumerate() {
                let old_item = old_spec.and_then(|o| o.ports.iter().find(|q| q.name == p.name));
                if update && old_item == Some(p) {
                    continue;
                }
                let item = ports.index(i);
                // Field-level ratcheting: the key of a correlated item is unchanged.
                if p.name.is_empty() && !(update && old_item.is_some()) {
                    errs.push(covered(Error::required(&item.child("name"), "")));
                }
                if p.port != 0
                    && p.port < 1
                    && !(update && old_item.is_some_and(|o| o.port == p.port))
                {
                    errs.push(covered(
                        Error::invalid(
                            &item.child("port"),
                            p.port,
                            "must be greater than or equal to 1",
                        )
                        .with_origin("minimum"),
                    ));
                }
                let proto = p.protocol.as_ref();
                if !proto.is_empty()
                    && proto != "TCP"
                    && proto != "UDP"
                    && !(update && old_item.is_some_and(|o| o.protocol == p.protocol))
                {
                    // The enum rule is stable (unprefixed): not compared.
                    errs.push(Error::not_supported(
                        &item.child("protocol"),
                        proto,
                        &["TCP", "UDP"],
                    ));
                }
            }
        }
    }

    let tags = spec_path.child("tags");
    if !unchanged(old_spec.is_some_and(|o| o.tags == s.tags)) {
        for (i, t) in s.tags.iter().enumerate() {
            if s.tags[..i].contains(t) {
                errs.push(covered(Error::duplicate(&tags.index(i), t.as_str())));
            }
        }
    }

    let selector = spec_path.child("selector");
    if !unchanged(old_spec.is_some_and(|o| o.selector == s.selector)) {
        for k in s.selector.keys() {
            if update && old_spec.is_some_and(|o| o.selector.contains_key(k)) {
                continue;
            }
            for m in is_label_key(k) {
                errs.push(covered(
                    Error::invalid(&selector, k.as_str(), m).with_origin("format=k8s-label-key"),
                ));
            }
        }
    }

    let status = Path::new("status");
    if let Some(n) = g.status.ready_replicas
        && n < 0
        && !unchanged(old.is_some_and(|o| o.status.ready_replicas == g.status.ready_replicas))
    {
        errs.push(covered(
            Error::invalid(
                &status.child("readyReplicas"),
                n,
                "must be greater than or equal to 0",
            )
            .with_origin("minimum"),
        ));
    }
    errs
}

/// The pair-convention module of the faithful twin.
pub mod gadget {
    use super::*;

    /// The subresources the strategy serves.
    pub const SUBRESOURCES: &[&str] = &["/status"];

    /// The hand-written validator.
    pub fn validate(ctx: &Context, g: &Gadget, old: Option<&Gadget>) -> ErrorList {
        validate_with(Bug::None, ctx, g, old)
    }

    /// Status updates keep the spec; root updates keep the status.
    pub fn prepare(ctx: &Context, g: &mut Gadget, old: Option<&Gadget>) {
        if let Some(old) = old {
            if ctx.subresource_path() == "/status" {
                g.spec = old.spec.clone();
            } else {
                g.status = old.status.clone();
            }
        }
    }
}

/// A pair with a planted bug.
pub fn buggy(bug: Bug) -> impl dv_harness::pair::Pair<Object = Gadget> {
    Buggy(bug)
}

struct Buggy(Bug);

impl dv_harness::pair::Pair for Buggy {
    type Object = Gadget;
    fn kind(&self) -> &str {
        "Gadget"
    }
    fn api_version(&self) -> &str {
        "example.com/v1"
    }
    fn handwritten(&self, ctx: &Context, obj: &Gadget, old: Option<&Gadget>) -> ErrorList {
        validate_with(self.0, ctx, obj, old)
    }
    fn declarative(&self, ctx: &Context, obj: &Gadget, old: Option<&Gadget>) -> ErrorList {
        obj.validate(ctx, old)
    }
    fn prepare(&self, ctx: &Context, obj: &mut Gadget, old: Option<&Gadget>) {
        gadget::prepare(ctx, obj, old)
    }
    fn subresources(&self) -> &[&'static str] {
        gadget::SUBRESOURCES
    }
    fn rules(&self) -> &'static [apimachinery::Rule] {
        Gadget::rules()
    }
}

/// The faithful pair.
pub fn faithful() -> dv_harness::pair::FnPair<Gadget> {
    dv_harness::pair!("example.com/v1", "Gadget", Gadget, gadget)
}

/// The seed corpus directory of the Gadget kind.
pub fn corpus_dir() -> std::path::PathBuf {
    // Included by the facade's suites and (through `#[path]`) by the CLI's
    // tests: found from either package directory.
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .map(|d| d.join("harness/tests/suites/support/corpus"))
        .find(|p| p.is_dir())
        .unwrap_or_else(|| manifest.join("tests/suites/support/corpus"))
}
