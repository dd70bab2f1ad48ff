//! The chaos fixture (DESIGN.md section 9.2): `ChaosFixture`
//! (`fixtures.dv-harness.io/v1`) whose named side, on that object, loops
//! forever, aborts, overflows its stack, allocates without bound, panics
//! or behaves. It proves that `check`, `run` and `fuzz` survive a
//! validator that never returns or kills its process. It is registered
//! only when the environment has `DV_HARNESS_CHAOS=1`
//! ([`enabled`], [`crate::register_all`]).

use apimachinery::Validate;
use apimachinery::field::{ErrorList, Path};
use apimachinery::operation::Context;
use serde::{Deserialize, Serialize};

/// The environment variable that registers the chaos fixture.
pub const CHAOS_ENV: &str = "DV_HARNESS_CHAOS";

/// The kind of the chaos fixture.
pub const CHAOS_KIND: &str = "ChaosFixture";

/// Whether the environment asks for the chaos fixture (`DV_HARNESS_CHAOS=1`).
///
/// ```
/// // The doctest process does not set it.
/// assert_eq!(dv_harness_kinds::chaos::enabled(), std::env::var("DV_HARNESS_CHAOS").as_deref() == Ok("1"));
/// ```
pub fn enabled() -> bool {
    std::env::var(CHAOS_ENV).as_deref() == Ok("1")
}

/// What the named side does on the object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChaosMode {
    /// Returns no errors.
    #[default]
    Ok,
    /// Loops forever.
    Loop,
    /// Calls `std::process::abort`.
    Abort,
    /// Recurses without bound until the stack overflows.
    Overflow,
    /// Allocates without bound until memory runs out.
    Oom,
    /// Panics.
    Panic,
}

/// The side that misbehaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChaosSide {
    /// The hand-written validator.
    #[default]
    Handwritten,
    /// The declarative validator.
    Declarative,
}

/// The object's metadata: a name only.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ChaosMeta {
    /// The object's name.
    pub name: String,
}

/// The chaos fixture object.
///
/// ```
/// use apimachinery::{Validate, operation::Context};
/// use dv_harness_kinds::chaos::{ChaosFixture, ChaosMode, ChaosSide};
/// let f = ChaosFixture { mode: ChaosMode::Loop, side: ChaosSide::Handwritten, ..Default::default() };
/// // Only the hand-written side loops: the declarative side returns at once.
/// assert!(f.validate(&Context::create(), None).is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ChaosFixture {
    /// The object's metadata.
    pub metadata: ChaosMeta,
    /// What the named side does.
    pub mode: ChaosMode,
    /// Which side does it.
    pub side: ChaosSide,
}

/// Recurses until the stack overflows: each frame holds a buffer the
/// optimiser cannot drop (`black_box`) and the recursive call is not a
/// tail call (its result is used after it returns).
#[inline(never)]
#[allow(unconditional_recursion)] // the point: it ends in a stack overflow
fn recurse(depth: u64) -> u64 {
    let frame = std::hint::black_box([depth; 64]);
    let below = recurse(std::hint::black_box(depth + 1));
    std::hint::black_box(frame[(depth % 64) as usize]).wrapping_add(below)
}

/// Does what `mode` says; returns only for `ok`.
fn misbehave(mode: ChaosMode) {
    match mode {
        ChaosMode::Ok => {}
        ChaosMode::Loop => loop {
            std::hint::spin_loop();
            std::thread::sleep(std::time::Duration::from_millis(1));
        },
        ChaosMode::Abort => std::process::abort(),
        ChaosMode::Overflow => {
            std::hint::black_box(recurse(0));
        }
        ChaosMode::Oom => {
            let mut hoard: Vec<Vec<u8>> = Vec::new();
            loop {
                // Touch every page so that the memory is really used.
                hoard.push(vec![1u8; 64 << 20]);
                std::hint::black_box(&hoard);
            }
        }
        ChaosMode::Panic => panic!("chaos: the fixture panics"),
    }
}

impl Validate for ChaosFixture {
    fn validate_at(&self, _ctx: &Context, _path: &Path<'_>, _old: Option<&Self>) -> ErrorList {
        if self.side == ChaosSide::Declarative {
            misbehave(self.mode);
        }
        ErrorList::new()
    }
}

/// The hand-written twin of [`ChaosFixture`].
pub mod handwritten_twin {
    use super::{ChaosFixture, ChaosSide, misbehave};
    use apimachinery::field::ErrorList;
    use apimachinery::operation::Context;

    /// The subresources the fixture serves.
    pub const SUBRESOURCES: &[&str] = &[];

    /// Misbehaves as the object says when its side is `handwritten`.
    ///
    /// ```
    /// use dv_harness_kinds::chaos::{ChaosFixture, handwritten_twin::validate};
    /// let ctx = apimachinery::operation::Context::create();
    /// assert!(validate(&ctx, &ChaosFixture::default(), None).is_empty());
    /// ```
    pub fn validate(_ctx: &Context, obj: &ChaosFixture, _old: Option<&ChaosFixture>) -> ErrorList {
        if obj.side == ChaosSide::Handwritten {
            misbehave(obj.mode);
        }
        ErrorList::new()
    }

    /// Nothing to prepare.
    pub fn prepare(_ctx: &Context, _obj: &mut ChaosFixture, _old: Option<&ChaosFixture>) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(mode: &str, side: &str) -> ChaosFixture {
        serde_json::from_value(
            serde_json::json!({"apiVersion": "fixtures.dv-harness.io/v1",
            "kind": "ChaosFixture", "metadata": {"name": "x"}, "mode": mode, "side": side}),
        )
        .unwrap()
    }

    #[test]
    fn parses_the_contract_shape() {
        let o = obj("abort", "declarative");
        assert_eq!(o.mode, ChaosMode::Abort);
        assert_eq!(o.side, ChaosSide::Declarative);
        assert_eq!(o.metadata.name, "x");
    }

    #[test]
    fn panic_mode_panics_on_its_side_only() {
        let o = obj("panic", "handwritten");
        let ctx = Context::create();
        assert!(o.validate(&ctx, None).is_empty());
        let r = std::panic::catch_unwind(|| handwritten_twin::validate(&ctx, &o, None));
        assert!(r.is_err());
        assert!(handwritten_twin::validate(&ctx, &obj("ok", "handwritten"), None).is_empty());
    }
}
