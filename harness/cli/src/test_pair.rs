//! A small hand-made pair (`example.com/v1` `Widget`) for the crate's own
//! tests of the registry and the CLI: `spec.replicas` must be >= 0 on both
//! sides (HV covered, DV beta); DV alone also caps it at 100; DV panics
//! when `spec.explode` is set.

use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, Path};
use apimachinery::operation::Context;
use dv_harness_engine::pair::{FnPair, Registry, Strategy};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Widget {
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub api_version: String,
    #[serde(default)]
    pub spec: WidgetSpec,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct WidgetSpec {
    #[serde(default)]
    pub replicas: Option<i32>,
    #[serde(default)]
    pub explode: bool,
}

impl Validate for Widget {
    fn validate_at(&self, _ctx: &Context, path: &Path<'_>, _old: Option<&Self>) -> ErrorList {
        assert!(!self.spec.explode, "widget exploded");
        let spec = path.child("spec");
        let replicas = spec.child("replicas");
        let mut errs = ErrorList::new();
        match self.spec.replicas {
            Some(n) if n < 0 => errs.push(
                Error::invalid(&replicas, n, "must be greater than or equal to 0")
                    .with_origin("minimum")
                    .mark_beta(),
            ),
            Some(n) if n > 100 => errs.push(
                Error::invalid(&replicas, n, "must be less than or equal to 100")
                    .with_origin("maximum")
                    .mark_beta(),
            ),
            _ => {}
        }
        errs
    }
    fn supported_subresources() -> &'static [&'static str] {
        &["/status"]
    }
}

fn handwritten(_ctx: &Context, w: &Widget, _old: Option<&Widget>) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(n) = w.spec.replicas
        && n < 0
    {
        let spec = Path::new("spec");
        errs.push(
            Error::invalid(
                &spec.child("replicas"),
                n,
                "must be greater than or equal to 0",
            )
            .with_origin("minimum")
            .mark_covered_by_declarative(),
        );
    }
    errs
}

fn prepare(_ctx: &Context, _w: &mut Widget, _old: Option<&Widget>) {}

pub(crate) fn registry() -> Registry {
    let mut r = Registry::new();
    let pair = FnPair::new(
        "example.com/v1",
        "Widget",
        handwritten,
        prepare,
        &["/status"],
    )
    .with_strategy(Strategy::default().option("WidgetFeature", false));
    if r.register(pair).is_err() {
        unreachable!("one registration into an empty registry");
    }
    r
}
