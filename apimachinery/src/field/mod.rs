//! The field error model: [`Path`], [`ErrorType`], [`Error`], [`ErrorList`]
//! (and, in `matcher`, [`ErrorMatcher`]), rendered and serialised exactly as
//! Kubernetes' `k8s.io/apimachinery/pkg/util/validation/field` does.

mod error;
mod error_type;
mod list;
mod matcher;
mod path;
mod site;
mod value;

pub(crate) use error::supported_values_detail;
pub use error::{Error, StabilityLevel};
pub use error_type::{ErrorType, UnknownErrorType};
pub use list::ErrorList;
pub use matcher::{ErrorMatcher, MatchError, NormalizationRule};
pub use path::Path;
pub use site::{ErrorSite, RatchetedField};
pub use value::{BadValue, go_quote, go_quote_into, is_go_printable};
