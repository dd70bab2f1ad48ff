//! Content checks shared by hand-written and declarative validators
//! (Kubernetes' `k8s.io/apimachinery/pkg/api/validate/content` and
//! `k8s.io/apimachinery/pkg/util/validation`): each returns the list of
//! problem messages, empty when the value is valid.
//!
//! The `content` checks (used by the `+k8s:format=` validators) word length
//! problems as `must be no more than N bytes`; the older `util/validation`
//! DNS checks, which hand-written validators and the object-name validators
//! call, say `characters` instead: they live in [`util_validation`].
//!
//! ```
//! use apimachinery::content::{is_dns1123_label, util_validation};
//! let long = "a".repeat(64);
//! assert_eq!(is_dns1123_label(&long), vec!["must be no more than 63 bytes"]);
//! assert_eq!(util_validation::is_dns1123_label(&long), vec!["must be no more than 63 characters"]);
//! ```

mod decimal;
mod dns;
mod env_var;
mod http;
mod identifier;
mod label;
mod messages;
mod name;
mod path_segment;
mod port;
pub mod util_validation;
mod uuid;

pub use decimal::is_decimal_integer;
pub use dns::{
    DNS1123_LABEL_MAX_LENGTH, DNS1123_SUBDOMAIN_MAX_LENGTH, is_dns1123_label, is_dns1123_subdomain,
    is_dns1123_subdomain_caseless,
};
pub use env_var::{is_config_map_key, is_env_var_name, is_relaxed_env_var_name};
pub use http::{is_http_header_name, is_valid_percent};
pub use identifier::is_c_identifier;
pub use label::{
    LABEL_KEY_NAME_MAX_LENGTH, LABEL_VALUE_MAX_LENGTH, is_label_key, is_label_value,
    is_prefixed_label_key, is_qualified_name,
};
pub use messages::{
    empty_error, inclusive_range_error, max_len_characters_error, max_len_error, regex_error,
    regex_error_after,
};
pub use name::{
    ValidateNameFn, mask_trailing_dash, name_is_dns_label, name_is_dns_subdomain,
    name_is_dns1035_label, validate_namespace_name, validate_path_segment_name,
    validate_service_account_name,
};
pub use path_segment::{is_path_segment_name, is_path_segment_prefix};
pub use port::{
    is_in_range, is_valid_group_id, is_valid_port_name, is_valid_port_num, is_valid_user_id,
};
pub use util_validation::is_dns1035_label;
pub use uuid::{UUID_ERROR_MESSAGE, is_uuid};
