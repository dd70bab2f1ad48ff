//! `metadata.managedFields` validation: a port of `ValidateManagedFields` and
//! `ValidateFieldManager` (`k8s.io/apimachinery/pkg/apis/meta/v1/validation`,
//! master), as `ValidateObjectMeta` and `ValidateObjectMetaUpdate` call them
//! (with `CoveredByDeclarative`: the operation errors are covered by the
//! alpha `+k8s:required` / `+k8s:enum` tags of `ManagedFieldsEntry.operation`).

use apimachinery::field::{Error, ErrorList, Path, is_go_printable};
use declarative::api::meta::v1::ManagedFieldsEntry;

/// `FieldManagerMaxLength`: the longest field manager name, in bytes.
///
/// ```
/// assert_eq!(handwritten::meta::v1::managed_fields::FIELD_MANAGER_MAX_LENGTH, 128);
/// ```
pub const FIELD_MANAGER_MAX_LENGTH: usize = 128;

/// `MaxSubresourceNameLength`: the longest subresource name, in bytes.
///
/// ```
/// assert_eq!(handwritten::meta::v1::managed_fields::MAX_SUBRESOURCE_NAME_LENGTH, 256);
/// ```
pub const MAX_SUBRESOURCE_NAME_LENGTH: usize = 256;

/// The valid operations, in Kubernetes' order.
const OPERATIONS: &[&str] = &["Apply", "Update"];

/// `ValidateFieldManager`: at most [`FIELD_MANAGER_MAX_LENGTH`] bytes
/// (`TooLong`) and only printable characters (`Invalid` per character, with
/// its code point and byte position, as Go's `%#U` prints a non-printable
/// rune).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::meta::v1::managed_fields::validate_field_manager;
/// assert!(validate_field_manager("kubectl-client-side-apply", &Path::new("m")).is_empty());
/// let errs = validate_field_manager("a\tb", &Path::new("m"));
/// assert_eq!(errs[0].detail, "invalid character U+0009 (at position 1)");
/// ```
pub fn validate_field_manager(manager: &str, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if manager.len() > FIELD_MANAGER_MAX_LENGTH {
        errs.push(Error::too_long(path, FIELD_MANAGER_MAX_LENGTH as i64));
    }
    for (i, c) in manager.char_indices() {
        if !is_go_printable(c) {
            errs.push(Error::invalid(
                path,
                manager,
                format!("invalid character U+{:04X} (at position {i})", c as u32),
            ));
        }
    }
    errs
}

/// `ValidateManagedFields` with `CoveredByDeclarative`: per entry, the
/// operation is `Required` when empty and `NotSupported` unless `Apply` or
/// `Update` (both covered by declarative validation), a set `fieldsType`
/// must be `FieldsV1`, the manager passes [`validate_field_manager`], and
/// the subresource is at most [`MAX_SUBRESOURCE_NAME_LENGTH`] bytes.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::meta::v1::ManagedFieldsEntry;
/// use handwritten::meta::v1::managed_fields::validate_managed_fields;
/// let e = ManagedFieldsEntry { operation: "Patch".into(), fields_type: "FieldsV2".into(), ..Default::default() };
/// let errs = validate_managed_fields(&[e], &Path::new("managedFields"));
/// assert_eq!(errs[0].to_string(), r#"managedFields[0].operation: Unsupported value: "Patch": supported values: "Apply", "Update""#);
/// assert!(errs[0].covered_by_declarative);
/// assert_eq!(errs[1].to_string(), "managedFields[0].fieldsType: Invalid value: \"FieldsV2\": must be `FieldsV1`");
/// ```
pub fn validate_managed_fields(entries: &[ManagedFieldsEntry], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, entry) in entries.iter().enumerate() {
        let idx = path.index(i);
        let operation: &str = entry.operation.as_ref();
        if operation.is_empty() {
            errs.push(
                Error::required(&idx.child("operation"), "must not be empty")
                    .mark_covered_by_declarative(),
            );
        } else if !OPERATIONS.contains(&operation) {
            errs.push(
                Error::not_supported(&idx.child("operation"), operation, OPERATIONS)
                    .mark_covered_by_declarative(),
            );
        }
        if !entry.fields_type.is_empty() && entry.fields_type != "FieldsV1" {
            errs.push(Error::invalid(
                &idx.child("fieldsType"),
                entry.fields_type.as_str(),
                "must be `FieldsV1`",
            ));
        }
        errs.extend_from(validate_field_manager(
            &entry.manager,
            &idx.child("manager"),
        ));
        if entry.subresource.len() > MAX_SUBRESOURCE_NAME_LENGTH {
            errs.push(Error::too_long(
                &idx.child("subresource"),
                MAX_SUBRESOURCE_NAME_LENGTH as i64,
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> ManagedFieldsEntry {
        ManagedFieldsEntry {
            operation: "Update".into(),
            fields_type: "FieldsV1".into(),
            ..Default::default()
        }
    }

    #[test]
    fn limits_are_inclusive() {
        let p = Path::new("managedFields");
        let mut e = entry();
        e.manager = "a".repeat(128);
        e.subresource = "a".repeat(256);
        assert!(validate_managed_fields(&[e.clone()], &p).is_empty());
        e.manager.push('a');
        e.subresource.push('a');
        let errs = validate_managed_fields(&[e], &p);
        let got: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            got,
            [
                "managedFields[0].manager: Too long: may not be more than 128 bytes",
                "managedFields[0].subresource: Too long: may not be more than 256 bytes",
            ]
        );
    }

    #[test]
    fn empty_operation_is_required_and_empty_fields_type_is_accepted() {
        let e = ManagedFieldsEntry::default();
        let errs = validate_managed_fields(&[e], &Path::new("managedFields"));
        assert_eq!(errs.len(), 1);
        assert_eq!(
            errs[0].to_string(),
            "managedFields[0].operation: Required value: must not be empty"
        );
        assert!(errs[0].covered_by_declarative);
    }

    #[test]
    fn each_non_printable_character_is_reported_at_its_byte_position() {
        let errs = validate_field_manager("é\u{7}x\u{200b}", &Path::new("m"));
        let details: Vec<&str> = errs.iter().map(|e| e.detail.as_ref()).collect();
        assert_eq!(
            details,
            [
                "invalid character U+0007 (at position 2)",
                "invalid character U+200B (at position 4)"
            ]
        );
    }
}
