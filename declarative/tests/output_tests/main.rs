//! Ports of validation-gen's `output_tests`
//! (`staging/src/k8s.io/code-generator/cmd/validation-gen/output_tests/`,
//! read from the `kubernetes/code-generator` staging repository): one
//! module per Go test directory, the same types and tags in Rust and the
//! same assertions, with the directory and commit in each module's header.
//! One test binary for all of them (each file under `tests/` is a link).

mod ratcheting__default_behavior;
mod ratcheting__list;
mod ratcheting__maps__eachkey;
mod ratcheting__maps__eachval;
mod ratcheting__subfield;
mod support;
mod tags__customvalidation;
mod tags__dependentforbidden;
mod tags__dependentrequired;
mod tags__eachkey;
mod tags__eachval__map_of_primitive;
mod tags__eachval__map_of_struct;
mod tags__eachval__slice_of_pointers;
mod tags__eachval__slice_of_primitive;
mod tags__eachval__slice_of_struct;
mod tags__eachval__typedef_to_map;
mod tags__eachval__typedef_to_slice;
mod tags__enum;
mod tags__enum__options;
mod tags__forbidden;
mod tags__format__k8s_extended_resource_name;
mod tags__format__k8s_label_key;
mod tags__format__k8s_label_value;
mod tags__format__k8s_long_name__k8s_long_name;
mod tags__format__k8s_long_name_caseless;
mod tags__format__k8s_prefixed_label_key;
mod tags__format__k8s_resource_fully_qualified_name;
mod tags__format__k8s_resource_pool_name;
mod tags__format__k8s_short_name__k8s_short_name;
mod tags__format__k8s_uuid;
mod tags__immutable;
mod tags__maxbytes;
mod tags__maximum;
mod tags__maxitems__slice_of_primitive;
mod tags__maxitems__slice_of_struct;
mod tags__maxitems__typedef_to_slice;
mod tags__maxlength;
mod tags__maxproperties;
mod tags__minimum;
mod tags__minitems__slice_of_primitive;
mod tags__minitems__slice_of_struct;
mod tags__minitems__typedef_to_slice;
mod tags__minlength;
mod tags__minproperties;
mod tags__monotonic;
mod tags__neq__neq__neqchained;
mod tags__neq__neqbool;
mod tags__opaque;
mod tags__optional;
mod tags__required;
mod tags__unique;
mod tags__update__lists;
mod tags__update__maps;
mod tags__update__primitives;
mod tags__validate_false;
mod tags__validate_true;
mod tags__validatetruealpha;
mod tags__validatetruebeta;
mod update_validations__primitive_pointers;
mod update_validations__primitives;
