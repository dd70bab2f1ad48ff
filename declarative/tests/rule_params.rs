//! The typed rule data (`Rule::params`, `Rule::when`) the derive records for
//! each tag, read from the tag fixtures: one test per tag family.

use apimachinery::Validate;
use apimachinery::rule::{Condition, ItemMatch, ListKind, RuleParams, RuleValue, UnionMember};
use apimachinery::validate::UpdateConstraint;
use declarative::fixtures::*;
use serde::{Deserialize, Serialize};

/// The params of `T`'s rules at `path` for `validator`, in inventory order.
fn params<T: Validate>(path: &str, validator: &str) -> Vec<RuleParams> {
    T::rules()
        .iter()
        .filter(|r| r.path == path && r.validator == validator)
        .map(|r| r.params)
        .collect()
}

/// The typed conditions of `T`'s rules at `path` for `validator`.
fn when<T: Validate>(path: &str, validator: &str) -> Vec<&'static [Condition]> {
    T::rules()
        .iter()
        .filter(|r| r.path == path && r.validator == validator)
        .map(|r| r.when)
        .collect()
}

#[test]
fn limits() {
    use RuleParams::*;
    assert_eq!(
        params::<minimum::MinimumFixture>("count", "minimum"),
        [Minimum(1)]
    );
    assert_eq!(
        params::<maximum::MaximumFixture>("replicas", "maximum"),
        [Maximum(10)]
    );
    assert_eq!(
        params::<max_length::MaxLengthFixture>("name", "maxLength"),
        [MaxLength(5)]
    );
    assert_eq!(
        params::<min_length::MinLengthFixture>("name", "minLength"),
        [MinLength(2)]
    );
    assert_eq!(
        params::<max_bytes::MaxBytesFixture>("token", "maxBytes"),
        [MaxBytes(4)]
    );
    assert_eq!(
        params::<max_items::MaxItemsFixture>("items", "maxItems"),
        [MaxItems(2)]
    );
    // A type-level limit of a list typedef, recorded at the field using it.
    assert_eq!(
        params::<max_items::MaxItemsFixture>("typed", "maxItems"),
        [MaxItems(3)]
    );
    assert_eq!(
        params::<min_items::MinItemsFixture>("items", "minItems"),
        [MinItems(2)]
    );
    assert_eq!(
        params::<max_properties::MaxPropertiesFixture>("labels", "maxProperties"),
        [MaxProperties(2)]
    );
    assert_eq!(
        params::<min_properties::MinPropertiesFixture>("selector", "minProperties"),
        [MinProperties(2)]
    );
}

#[test]
fn format_enum_and_neq() {
    assert_eq!(
        params::<format::FormatFixture>("uid", "format"),
        [RuleParams::Format("k8s-uuid")]
    );
    assert_eq!(
        params::<enum_::EnumFixture>("policy", "enum"),
        [RuleParams::Enum(&["Always", "Never", "OnFailure"])]
    );
    assert_eq!(
        params::<neq::NeqFixture>("name", "neq"),
        [RuleParams::Neq(RuleValue::Str("default"))]
    );
    assert_eq!(
        params::<neq::NeqFixture>("count", "neq"),
        [RuleParams::Neq(RuleValue::Int(5))]
    );
    assert_eq!(
        params::<neq::NeqFixture>("flag", "neq"),
        [RuleParams::Neq(RuleValue::Bool(true))]
    );
}

/// A value field whose `+default` is not its zero value: `+k8s:optional`
/// records a rule (the server requires it).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
struct Defaulted {
    /// +default=3
    /// +k8s:optional
    #[serde(default)]
    count: i32,
}

#[test]
fn presence() {
    assert_eq!(
        params::<required::RequiredFixture>("replicas", "required"),
        [RuleParams::Required]
    );
    assert_eq!(
        params::<forbidden::ForbiddenFixture>("legacy", "forbidden"),
        [RuleParams::Forbidden]
    );
    assert_eq!(
        params::<Defaulted>("count", "optional"),
        [RuleParams::Optional]
    );
    // Without a default, `+k8s:optional` records no rule.
    assert!(params::<optional::OptionalFixture>("name", "optional").is_empty());
}

#[test]
fn lists() {
    assert_eq!(
        params::<list_set::ListSetFixture>("finalizers", "listType"),
        [RuleParams::ListType(ListKind::Set)]
    );
    assert_eq!(
        params::<list_map::ListMapFixture>("ports", "listType"),
        [RuleParams::ListType(ListKind::Map)]
    );
    assert_eq!(
        params::<list_map::ListMapFixture>("ports", "listMapKey"),
        [
            RuleParams::ListMapKey("name"),
            RuleParams::ListMapKey("protocol")
        ]
    );
    assert_eq!(
        params::<unique::UniqueFixture>("tags", "unique"),
        [RuleParams::Unique(ListKind::Set)]
    );
    assert_eq!(
        params::<unique::UniqueFixture>("requests", "unique"),
        [RuleParams::Unique(ListKind::Map)]
    );
}

#[test]
fn update_immutable_monotonic() {
    assert_eq!(
        params::<update::UpdateFixture>("setOnce", "update"),
        [
            RuleParams::Update(UpdateConstraint::NoModify),
            RuleParams::Update(UpdateConstraint::NoUnset)
        ]
    );
    assert_eq!(
        params::<immutable::ImmutableFixture>("uid", "immutable"),
        [RuleParams::Immutable]
    );
    assert_eq!(
        params::<monotonic::MonotonicFixture>("generation", "monotonic"),
        [RuleParams::Monotonic]
    );
    assert!(RuleParams::Monotonic.update_only());
}

#[test]
fn dependents() {
    assert_eq!(
        params::<dependent::DependentFixture>("capacityMultiplier", "dependentRequired"),
        [RuleParams::DependentRequired {
            trigger: "capacityKey",
            dependent: "capacityMultiplier"
        }]
    );
    assert_eq!(
        params::<dependent::DependentFixture>("deviceMultiplier", "dependentForbidden"),
        [RuleParams::DependentForbidden {
            trigger: "capacityKey",
            dependent: "deviceMultiplier"
        }]
    );
}

#[test]
fn unions() {
    assert_eq!(
        params::<union::UnionFixture>("", "union"),
        [RuleParams::Union {
            members: &[
                UnionMember {
                    field: "basic",
                    item: &[]
                },
                UnionMember {
                    field: "gang",
                    item: &[]
                }
            ],
            discriminator: None
        }]
    );
    assert_eq!(
        params::<union::DiscriminatedUnionFixture>("", "union"),
        [RuleParams::Union {
            members: &[
                UnionMember {
                    field: "service",
                    item: &[]
                },
                UnionMember {
                    field: "resource",
                    item: &[]
                }
            ],
            discriminator: Some("kind")
        }]
    );
    let approved = ItemMatch {
        field: "type",
        value: RuleValue::Str("Approved"),
    };
    let denied = ItemMatch {
        field: "type",
        value: RuleValue::Str("Denied"),
    };
    let p = params::<zero_or_one_of::ZeroOrOneOfFixture>("conditions", "zeroOrOneOf");
    let [RuleParams::ZeroOrOneOf { members }] = p.as_slice() else {
        panic!("{p:?}");
    };
    assert_eq!(members.len(), 2);
    assert!(
        members
            .iter()
            .all(|m| m.field == "conditions" && m.is_item())
    );
    assert_eq!(
        (members[0].item, members[1].item),
        (&[approved][..], &[denied][..])
    );
}

#[test]
fn modes_and_wrappers() {
    let m = "url";
    assert_eq!(
        params::<mode::ModeFixture>(m, "ifMode"),
        [
            RuleParams::IfMode {
                discriminator: "mode",
                mode: "Url"
            },
            RuleParams::IfMode {
                discriminator: "mode",
                mode: "Url"
            }
        ]
    );
    assert_eq!(
        when::<mode::ModeFixture>(m, "maxLength"),
        [&[Condition::IfMode {
            discriminator: "mode",
            mode: "Url"
        }][..]]
    );
    assert_eq!(
        when::<if_enabled::IfEnabledFixture>("replicas", "minimum"),
        [
            &[Condition::IfDisabled("ScaleToZero")][..],
            &[Condition::IfEnabled("ScaleToZero")][..]
        ]
    );
    assert_eq!(
        when::<item::ItemFixture>("conditions[*].status", "maxLength"),
        [&[Condition::Item(&[ItemMatch {
            field: "type",
            value: RuleValue::Str("Ready")
        }])][..]]
    );
    assert_eq!(
        when::<each_key::EachKeyFixture>("counters", "format"),
        [&[Condition::EachKey][..]]
    );
    // eachVal is in the path, not a condition.
    assert_eq!(
        when::<each_val::EachValFixture>("names[*]", "maxLength"),
        [&[][..]]
    );
}

#[test]
fn custom_and_testing_tags() {
    assert_eq!(
        params::<custom_validation::CustomValidationFixture>("even", "customValidation"),
        [RuleParams::CustomValidation]
    );
    assert_eq!(
        params::<validate_false::ValidateFalseFixture>("name", "validateFalse"),
        [RuleParams::Fixed { valid: false }]
    );
    assert_eq!(
        params::<validate_false::ValidateFalseFixture>("name", "validateTrue"),
        [RuleParams::Fixed { valid: true }]
    );
}

#[test]
fn params_agree_with_the_tag_text() {
    // Every fixture rule's typed kind is its validator (the test tags are `fixed`).
    let all: Vec<&'static [apimachinery::Rule]> = vec![
        minimum::MinimumFixture::rules(),
        update::UpdateFixture::rules(),
        union::UnionFixture::rules(),
        item::ItemFixture::rules(),
        mode::ModeFixture::rules(),
        list_map::ListMapFixture::rules(),
    ];
    for r in all.into_iter().flatten() {
        let json = serde_json::to_value(r.params).unwrap();
        assert_eq!(json["kind"], r.validator, "{}", r.id);
        if r.conditions.is_empty() {
            assert!(r.when.is_empty(), "{}", r.id);
        }
    }
}
