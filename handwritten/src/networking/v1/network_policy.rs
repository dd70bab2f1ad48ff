//! `NetworkPolicy` validation: a port of `ValidateNetworkPolicy` /
//! `ValidateNetworkPolicyUpdate` and their helpers
//! (`pkg/apis/networking/validation`) and of the registry strategy
//! `pkg/registry/networking/networkpolicy` (master). `networking.k8s.io/v1`
//! has no `NetworkPolicy` status, so no `/status` subresource is served here.
//!
//! Feature gates read by this validation and strategy (each read from the
//! validation context and registered with the pair's strategy in the
//! harness; the default comes from the release table):
//! - `StrictIPCIDRValidation` ([`STRICT_IP_CIDR_VALIDATION`]): `ipBlock.cidr`
//!   and `ipBlock.except[*]` must be canonical CIDRs (no leading zeros in
//!   IPv4 octets, no bits set beyond the prefix length, no IPv4-mapped IPv6);
//!   off, they are parsed sloppily.

use crate::core::v1::object_meta::{validate_object_meta, validate_object_meta_update};
use crate::networking::ip::{is_valid_cidr_for_legacy_field, parse_cidr_sloppy};
use crate::networking::label_selector::{LabelSelectorOptions, validate_label_selector};
use apimachinery::content::{is_valid_port_name, is_valid_port_num, name_is_dns_subdomain};
use apimachinery::field::{Error, ErrorList, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::unsupported_subresource;
use declarative::api::networking::v1::{
    IPBlock, IntOrString, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort, NetworkPolicySpec,
};

/// The strategy serves no subresource for `networking.k8s.io/v1`.
///
/// ```
/// assert!(handwritten::networking::v1::network_policy::SUBRESOURCES.is_empty());
/// ```
pub const SUBRESOURCES: &[&str] = &[];

/// How the registry builds this kind's pair (`harness/kinds`): namespace scoped, apiVersion `networking.k8s.io/v1`.
/// The options (feature gates) the strategy reads, with their defaults.
pub const REGISTRATION: apimachinery::registration::Registration<
    declarative::api::networking::v1::NetworkPolicy,
> = apimachinery::registration::Registration {
    namespace_scoped: true,
    options: &[(STRICT_IP_CIDR_VALIDATION, false)],
    ..apimachinery::registration::Registration::new("networking.k8s.io/v1")
};

/// The feature gate making legacy CIDR fields parse strictly (its default
/// comes from the release table: on since it went beta).
pub const STRICT_IP_CIDR_VALIDATION: &str = "StrictIPCIDRValidation";

/// `NetworkPolicyValidationOptions`, plus the `StrictIPCIDRValidation` gate
/// the legacy CIDR check reads.
///
/// ```
/// use handwritten::networking::v1::network_policy::NetworkPolicyOptions;
/// assert!(NetworkPolicyOptions::default().allow_cidrs_even_if_invalid.is_empty());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NetworkPolicyOptions {
    /// Skip label-value checks of selector requirement values.
    pub allow_invalid_label_value_in_selector: bool,
    /// CIDRs of the stored object, accepted without re-validation.
    pub allow_cidrs_even_if_invalid: Vec<String>,
    /// The `StrictIPCIDRValidation` gate.
    pub strict_ip_cidr_validation: bool,
}

impl NetworkPolicyOptions {
    /// `ValidationOptionsForNetworking`: invalid values are allowed in
    /// selectors when the stored pod selector is itself invalid.
    ///
    /// ```
    /// use apimachinery::operation::Context;
    /// use declarative::api::networking::v1::NetworkPolicy;
    /// use handwritten::networking::v1::network_policy::NetworkPolicyOptions;
    /// let old: NetworkPolicy = serde_json::from_str(r#"{"spec":{"podSelector":{"matchLabels":{"a":"-"}}}}"#).unwrap();
    /// assert!(NetworkPolicyOptions::for_objects(&Context::update(), Some(&old)).allow_invalid_label_value_in_selector);
    /// assert!(!NetworkPolicyOptions::for_objects(&Context::create(), None).allow_invalid_label_value_in_selector);
    /// ```
    pub fn for_objects(ctx: &Context, old: Option<&NetworkPolicy>) -> NetworkPolicyOptions {
        let allow = old.is_some_and(|old| {
            !validate_label_selector(
                Some(&old.spec.pod_selector),
                LabelSelectorOptions::default(),
                &Path::root(),
            )
            .is_empty()
        });
        NetworkPolicyOptions {
            allow_invalid_label_value_in_selector: allow,
            allow_cidrs_even_if_invalid: Vec::new(),
            strict_ip_cidr_validation: ctx.option_state(STRICT_IP_CIDR_VALIDATION) == Some(true),
        }
    }

    fn selector_options(&self) -> LabelSelectorOptions {
        LabelSelectorOptions {
            allow_invalid_label_value_in_selector: self.allow_invalid_label_value_in_selector,
            allow_unknown_operator_in_requirement: false,
        }
    }
}

/// What the strategy's `Validate` / `ValidateUpdate` returns. An update runs
/// `ValidateNetworkPolicy` and then `ValidateNetworkPolicyUpdate`, so spec
/// errors appear twice, as in Kubernetes.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::networking::v1::NetworkPolicy;
/// use handwritten::networking::v1::network_policy::validate;
/// let np: NetworkPolicy = serde_json::from_str(r#"{"metadata":{"name":"p","namespace":"ns"},"spec":{"podSelector":{},"ingress":[{"from":[{}]}]}}"#).unwrap();
/// let errs = validate(&Context::create(), &np, None);
/// assert_eq!(errs[0].to_string(), "spec.ingress[0].from[0]: Required value: must specify a peer");
/// ```
pub fn validate(ctx: &Context, obj: &NetworkPolicy, old: Option<&NetworkPolicy>) -> ErrorList {
    let sub = ctx.subresource_path();
    match (ctx.operation, sub.as_str(), old) {
        (Operation::Create, "/", _) => {
            validate_network_policy(obj, &NetworkPolicyOptions::for_objects(ctx, None))
        }
        (Operation::Update, "/", Some(old)) => {
            let opts = NetworkPolicyOptions::for_objects(ctx, Some(old));
            let mut errs = validate_network_policy(obj, &opts);
            errs.extend_from(validate_network_policy_update(obj, old, opts));
            errs
        }
        (Operation::Update, "/", None) => ErrorList::from(Error::internal(
            &Path::root(),
            "an update needs the old object",
        )),
        _ => ErrorList::from(unsupported_subresource("NetworkPolicy", &sub)),
    }
}

/// The strategy's `PrepareForCreate` (generation 1) and `PrepareForUpdate`
/// (generation bumped when the spec changed).
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::networking::v1::NetworkPolicy;
/// use handwritten::networking::v1::network_policy::prepare;
/// let mut np = NetworkPolicy::default();
/// prepare(&Context::create(), &mut np, None);
/// assert_eq!(np.metadata.generation, 1);
/// let old = np.clone();
/// np.spec.policy_types = vec!["Ingress".into()];
/// prepare(&Context::update(), &mut np, Some(&old));
/// assert_eq!(np.metadata.generation, 2);
/// ```
pub fn prepare(ctx: &Context, obj: &mut NetworkPolicy, old: Option<&NetworkPolicy>) {
    match (ctx.operation, ctx.subresource_path().as_str(), old) {
        (Operation::Create, "/", _) => obj.metadata.generation = 1,
        (Operation::Update, "/", Some(old)) if obj.spec != old.spec => {
            obj.metadata.generation = old.metadata.generation.wrapping_add(1);
        }
        _ => {}
    }
}

/// `ValidateNetworkPolicy`: namespaced metadata with a DNS-1123 subdomain
/// name, then the spec.
///
/// ```
/// use declarative::api::networking::v1::NetworkPolicy;
/// use handwritten::networking::v1::network_policy::{validate_network_policy, NetworkPolicyOptions};
/// let np: NetworkPolicy = serde_json::from_str(r#"{"metadata":{"name":"p","namespace":"ns"}}"#).unwrap();
/// assert!(validate_network_policy(&np, &NetworkPolicyOptions::default()).is_empty());
/// ```
pub fn validate_network_policy(np: &NetworkPolicy, opts: &NetworkPolicyOptions) -> ErrorList {
    let mut errs = validate_object_meta(
        &np.metadata,
        true,
        name_is_dns_subdomain,
        &Path::new("metadata"),
    );
    errs.extend_from(validate_network_policy_spec(
        &np.spec,
        opts,
        &Path::new("spec"),
    ));
    errs
}

/// `ValidateNetworkPolicyUpdate`: every CIDR of the stored object is
/// accepted as is; metadata update, then the spec again.
///
/// ```
/// use declarative::api::networking::v1::NetworkPolicy;
/// use handwritten::networking::v1::network_policy::{validate_network_policy_update, NetworkPolicyOptions};
/// let old: NetworkPolicy = serde_json::from_str(r#"{"metadata":{"name":"p","namespace":"ns","resourceVersion":"1"},"spec":{"podSelector":{},"egress":[{"to":[{"ipBlock":{"cidr":"10.0.0.1/8"}}]}]}}"#).unwrap();
/// let opts = NetworkPolicyOptions { strict_ip_cidr_validation: true, ..Default::default() };
/// assert!(validate_network_policy_update(&old, &old, opts).is_empty());
/// ```
pub fn validate_network_policy_update(
    new: &NetworkPolicy,
    old: &NetworkPolicy,
    mut opts: NetworkPolicyOptions,
) -> ErrorList {
    let mut existing = Vec::new();
    let peers = old
        .spec
        .ingress
        .iter()
        .flat_map(|r| r.from.iter())
        .chain(old.spec.egress.iter().flat_map(|r| r.to.iter()));
    for peer in peers {
        if let Some(block) = &peer.ip_block {
            existing.push(block.cidr.clone());
            existing.extend(block.except.iter().cloned());
        }
    }
    opts.allow_cidrs_even_if_invalid = existing;
    let mut errs =
        validate_object_meta_update(&new.metadata, &old.metadata, &Path::new("metadata"));
    errs.extend_from(validate_network_policy_spec(
        &new.spec,
        &opts,
        &Path::new("spec"),
    ));
    errs
}

/// `ValidateNetworkPolicySpec`: the pod selector, every ingress and egress
/// rule's ports and peers, and the policy types (at most two, each
/// `Ingress` or `Egress`).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::networking::v1::NetworkPolicySpec;
/// use handwritten::networking::v1::network_policy::{validate_network_policy_spec, NetworkPolicyOptions};
/// let spec = NetworkPolicySpec { policy_types: vec!["Both".into()], ..Default::default() };
/// let errs = validate_network_policy_spec(&spec, &NetworkPolicyOptions::default(), &Path::new("spec"));
/// assert_eq!(errs[0].to_string(), r#"spec.policyTypes[0]: Unsupported value: "Both": supported values: "Ingress", "Egress""#);
/// ```
pub fn validate_network_policy_spec(
    spec: &NetworkPolicySpec,
    opts: &NetworkPolicyOptions,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = validate_label_selector(
        Some(&spec.pod_selector),
        opts.selector_options(),
        &path.child("podSelector"),
    );
    let ingress = path.child("ingress");
    for (i, rule) in spec.ingress.iter().enumerate() {
        let rule_path = ingress.index(i);
        errs.extend_from(validate_ports(&rule.ports, &rule_path.child("ports")));
        errs.extend_from(validate_peers(&rule.from, opts, &rule_path.child("from")));
    }
    let egress = path.child("egress");
    for (i, rule) in spec.egress.iter().enumerate() {
        let rule_path = egress.index(i);
        errs.extend_from(validate_ports(&rule.ports, &rule_path.child("ports")));
        errs.extend_from(validate_peers(&rule.to, opts, &rule_path.child("to")));
    }
    let types = path.child("policyTypes");
    const ALLOWED: [&str; 2] = ["Ingress", "Egress"];
    if spec.policy_types.len() > ALLOWED.len() {
        let value = serde_json::to_value(&spec.policy_types).unwrap_or_default();
        errs.push(Error::invalid(
            &types,
            value,
            "may not specify more than two policyTypes",
        ));
        return errs;
    }
    for (i, policy_type) in spec.policy_types.iter().enumerate() {
        if !ALLOWED.contains(&policy_type.as_str()) {
            errs.push(Error::not_supported(
                &types.index(i),
                policy_type.as_str(),
                &ALLOWED,
            ));
        }
    }
    errs
}

fn validate_ports(ports: &[NetworkPolicyPort], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, port) in ports.iter().enumerate() {
        errs.extend_from(validate_network_policy_port(port, &path.index(i)));
    }
    errs
}

fn validate_peers(
    peers: &[NetworkPolicyPeer],
    opts: &NetworkPolicyOptions,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, peer) in peers.iter().enumerate() {
        errs.extend_from(validate_network_policy_peer(peer, opts, &path.index(i)));
    }
    errs
}

/// `ValidateNetworkPolicyPort`: protocol `TCP`, `UDP` or `SCTP`; a numeric
/// port in 1..=65535 with an optional `endPort` not below it; a named port
/// an IANA service name and no `endPort`; no `endPort` without a port.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::networking::v1::NetworkPolicyPort;
/// use handwritten::networking::v1::network_policy::validate_network_policy_port;
/// let p: NetworkPolicyPort = serde_json::from_str(r#"{"port":"http","endPort":90}"#).unwrap();
/// let errs = validate_network_policy_port(&p, &Path::new("p"));
/// assert_eq!(errs[0].detail, "may not be specified when `port` is non-numeric");
/// ```
pub fn validate_network_policy_port(port: &NetworkPolicyPort, path: &Path<'_>) -> ErrorList {
    const PROTOCOLS: [&str; 3] = ["TCP", "UDP", "SCTP"];
    let mut errs = ErrorList::new();
    if let Some(protocol) = &port.protocol
        && !PROTOCOLS.contains(&protocol.as_str())
    {
        errs.push(Error::not_supported(
            &path.child("protocol"),
            protocol.as_str(),
            &PROTOCOLS,
        ));
    }
    let port_path = path.child("port");
    let end_path = path.child("endPort");
    match &port.port {
        Some(IntOrString::Int(number)) => {
            for msg in is_valid_port_num(i64::from(*number)) {
                errs.push(Error::invalid(&port_path, *number, msg));
            }
            if let Some(end) = port.end_port {
                if end < *number {
                    errs.push(Error::invalid(
                        &end_path,
                        end,
                        "must be greater than or equal to `port`",
                    ));
                }
                for msg in is_valid_port_num(i64::from(end)) {
                    errs.push(Error::invalid(&end_path, end, msg));
                }
            }
        }
        Some(IntOrString::String(name)) => {
            if let Some(end) = port.end_port {
                errs.push(Error::invalid(
                    &end_path,
                    end,
                    "may not be specified when `port` is non-numeric",
                ));
            }
            for msg in is_valid_port_name(name) {
                errs.push(Error::invalid(&port_path, name.as_str(), msg));
            }
        }
        None => {
            if let Some(end) = port.end_port {
                errs.push(Error::invalid(
                    &end_path,
                    end,
                    "may not be specified when `port` is not specified",
                ));
            }
        }
    }
    errs
}

/// `ValidateNetworkPolicyPeer`: at least one of podSelector,
/// namespaceSelector and ipBlock; ipBlock only alone.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::networking::v1::NetworkPolicyPeer;
/// use handwritten::networking::v1::network_policy::{validate_network_policy_peer, NetworkPolicyOptions};
/// let p: NetworkPolicyPeer = serde_json::from_str(r#"{"podSelector":{},"ipBlock":{"cidr":"10.0.0.0/8"}}"#).unwrap();
/// let errs = validate_network_policy_peer(&p, &NetworkPolicyOptions::default(), &Path::new("p"));
/// assert_eq!(errs[0].to_string(), "p: Forbidden: may not specify both ipBlock and another peer");
/// ```
pub fn validate_network_policy_peer(
    peer: &NetworkPolicyPeer,
    opts: &NetworkPolicyOptions,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut peers = 0;
    if let Some(selector) = &peer.pod_selector {
        peers += 1;
        errs.extend_from(validate_label_selector(
            Some(selector),
            opts.selector_options(),
            &path.child("podSelector"),
        ));
    }
    if let Some(selector) = &peer.namespace_selector {
        peers += 1;
        errs.extend_from(validate_label_selector(
            Some(selector),
            opts.selector_options(),
            &path.child("namespaceSelector"),
        ));
    }
    if let Some(block) = &peer.ip_block {
        peers += 1;
        errs.extend_from(validate_ip_block(block, &path.child("ipBlock"), opts));
    }
    if peers == 0 {
        errs.push(Error::required(path, "must specify a peer"));
    } else if peers > 1 && peer.ip_block.is_some() {
        errs.push(Error::forbidden(
            path,
            "may not specify both ipBlock and another peer",
        ));
    }
    errs
}

/// `ValidateIPBlock`: `cidr` required (covered by declarative validation)
/// and a legacy CIDR; each `except` a legacy CIDR strictly inside `cidr`.
/// CIDRs listed in `opts.allow_cidrs_even_if_invalid` skip the CIDR check.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::networking::v1::IPBlock;
/// use handwritten::networking::v1::network_policy::{validate_ip_block, NetworkPolicyOptions};
/// let b = IPBlock { cidr: "10.0.0.0/8".into(), except: vec!["10.0.0.0/8".into()] };
/// let errs = validate_ip_block(&b, &Path::new("b"), &NetworkPolicyOptions::default());
/// assert_eq!(errs[0].to_string(), r#"b.except[0]: Invalid value: "10.0.0.0/8": must be a strict subset of `cidr`"#);
/// ```
pub fn validate_ip_block(
    block: &IPBlock,
    path: &Path<'_>,
    opts: &NetworkPolicyOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let cidr_path = path.child("cidr");
    if block.cidr.is_empty() {
        errs.push(Error::required(&cidr_path, "").mark_covered_by_declarative());
        return errs;
    }
    errs.extend_from(is_valid_cidr_for_legacy_field(
        &cidr_path,
        &block.cidr,
        opts.strict_ip_cidr_validation,
        &opts.allow_cidrs_even_if_invalid,
    ));
    let Some((_, cidr)) = parse_cidr_sloppy(&block.cidr) else {
        return errs;
    };
    let except = path.child("except");
    for (i, value) in block.except.iter().enumerate() {
        let except_path = except.index(i);
        errs.extend_from(is_valid_cidr_for_legacy_field(
            &except_path,
            value,
            opts.strict_ip_cidr_validation,
            &opts.allow_cidrs_even_if_invalid,
        ));
        let Some((_, excepted)) = parse_cidr_sloppy(value) else {
            continue;
        };
        if !cidr.contains(&excepted.ip()) || cidr.mask_size().0 >= excepted.mask_size().0 {
            errs.push(Error::invalid(
                &except_path,
                value.as_str(),
                "must be a strict subset of `cidr`",
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn np(spec: &str) -> NetworkPolicy {
        serde_json::from_str(&format!(
            r#"{{"metadata":{{"name":"p","namespace":"ns","resourceVersion":"1"}},"spec":{spec}}}"#
        ))
        .unwrap()
    }

    fn fields(errs: &ErrorList) -> Vec<(String, String)> {
        errs.iter()
            .map(|e| (e.error_type.as_str().to_string(), e.field.clone()))
            .collect()
    }

    #[test]
    fn unqualified_finalizer_names_are_rejected() {
        let mut obj = np(r#"{"podSelector":{}}"#);
        obj.metadata.finalizers = vec!["custom".into()];
        let errs = validate(&Context::create(), &obj, None);
        assert_eq!(
            fields(&errs),
            [(
                "FieldValueInvalid".to_string(),
                "metadata.finalizers[0]".to_string()
            )]
        );
    }

    #[test]
    fn ports() {
        let obj = np(
            r#"{"podSelector":{},"ingress":[{"ports":[{"protocol":"ICMP"},{"port":0},{"port":80,"endPort":70},{"endPort":5},{"port":"-bad-"}]}]}"#,
        );
        let errs = validate(&Context::create(), &obj, None);
        let got: Vec<String> = errs.iter().map(|e| e.field.clone()).collect();
        assert_eq!(
            got,
            [
                "spec.ingress[0].ports[0].protocol",
                "spec.ingress[0].ports[1].port",
                "spec.ingress[0].ports[2].endPort",
                "spec.ingress[0].ports[3].endPort",
                "spec.ingress[0].ports[4].port",
            ]
        );
    }

    #[test]
    fn too_many_policy_types_stops_there() {
        let obj = np(r#"{"podSelector":{},"policyTypes":["Ingress","Egress","X"]}"#);
        let errs = validate(&Context::create(), &obj, None);
        assert_eq!(
            fields(&errs),
            [("FieldValueInvalid".into(), "spec.policyTypes".into())]
        );
    }

    #[test]
    fn update_reports_spec_errors_twice_and_keeps_old_cidrs() {
        let old = np(r#"{"podSelector":{},"egress":[{"to":[{"ipBlock":{"cidr":"10.0.0.1/8"}}]}]}"#);
        let ctx = Context::update().option(STRICT_IP_CIDR_VALIDATION, true);
        let errs = validate(&ctx, &old, Some(&old));
        // The create-style pass does not know the old CIDRs; the update pass does.
        assert_eq!(
            fields(&errs),
            [(
                "FieldValueInvalid".into(),
                "spec.egress[0].to[0].ipBlock.cidr".into()
            )]
        );
        let new = np(r#"{"podSelector":{},"egress":[{"to":[{}]}]}"#);
        let errs = validate(&Context::update(), &new, Some(&old));
        assert_eq!(errs.len(), 2);
    }

    #[test]
    fn invalid_stored_selector_relaxes_values() {
        let old = np(r#"{"podSelector":{"matchLabels":{"a":"-"}}}"#);
        let new = np(
            r#"{"podSelector":{"matchExpressions":[{"key":"k","operator":"In","values":["-"]}]}}"#,
        );
        assert!(validate(&Context::update(), &new, Some(&old)).is_empty());
        assert_eq!(validate(&Context::create(), &new, None).len(), 1);
    }

    #[test]
    fn except_must_be_inside() {
        let obj = np(
            r#"{"podSelector":{},"ingress":[{"from":[{"ipBlock":{"cidr":"10.0.0.0/16","except":["10.0.1.0/24","10.1.0.0/24","10.0.0.0/8","bad"]}}]}]}"#,
        );
        let errs = validate(&Context::create(), &obj, None);
        let got: Vec<String> = errs.iter().map(|e| e.field.clone()).collect();
        assert_eq!(
            got,
            [
                "spec.ingress[0].from[0].ipBlock.except[1]",
                "spec.ingress[0].from[0].ipBlock.except[2]",
                "spec.ingress[0].from[0].ipBlock.except[3]",
            ]
        );
    }
}
