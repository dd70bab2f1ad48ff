//! Content checks shared by hand-written and declarative validators
//! (Kubernetes' `k8s.io/apimachinery/pkg/api/validate/content` and
//! `k8s.io/apimachinery/pkg/util/validation`): each returns the list of
//! problem messages, empty when the value is valid.
