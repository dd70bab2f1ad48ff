//! `k8s.io/apimachinery/pkg/apis/meta`: the metadata every object carries.

pub mod v1;
