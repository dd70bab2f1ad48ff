//! Ports of validation-gen's `output_tests`
//! (`staging/src/k8s.io/code-generator/cmd/validation-gen/output_tests/`,
//! read from the `kubernetes/code-generator` staging repository): one
//! module per Go test directory, the same types and tags in Rust and the
//! same assertions, with the directory and commit in each module's header.
//! One test binary for all of them (each file under `tests/` is a link).

mod support;
mod tags__item__immutable_transitions;
mod tags__item__multiple_keys;
mod tags__item__single_key;
mod tags__item__subfield;
mod tags__item__typedef;
mod tags__item__union__simple;
mod tags__item__union__typedef;
mod tags__item__zerorooneof__simple;
mod tags__item__zerorooneof__typedef;
mod tags__levels__atomicslice;
mod tags__levels__enums;
mod tags__levels__listkeys;
mod tags__levels__listmapitem;
mod tags__levels__listset;
mod tags__levels__mapvalidation;
mod tags__levels__modes;
mod tags__levels__optionalrequired;
mod tags__levels__simple;
mod tags__levels__structs;
mod tags__levels__subfields;
mod tags__levels__unions;
mod tags__levels__uniquetag;
mod tags__listmap__multiple_keys;
mod tags__listmap__single_key;
mod tags__listset;
mod tags__mode;
mod tags__options__discriminators;
mod tags__options__lists;
mod tags__options__maps;
mod tags__options__simple;
mod tags__options__subfields;
mod tags__options__unions;
mod tags__options__update;
mod tags__subfield__nonincluded;
mod tags__subfield__shallow;
mod tags__subfield__shortcircuit;
mod tags__subfield__unions;
mod tags__supported_resources__issubresource;
mod tags__supported_resources__root;
mod tags__supported_resources__subresource;
mod tags__union__union__discriminated__custom_members;
mod tags__union__union__discriminated__empty;
mod tags__union__union__discriminated__multiple;
mod tags__union__union__discriminated__simple;
mod tags__union__union__discriminated__sparse;
mod tags__union__union__undiscriminated__custom_members;
mod tags__union__union__undiscriminated__multiple;
mod tags__union__union__undiscriminated__simple;
mod tags__zerooroneof__zerooroneof__custom_members;
mod tags__zerooroneof__zerooroneof__multiple;
mod tags__zerooroneof__zerooroneof__simple;
