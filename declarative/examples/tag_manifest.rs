//! Writes the tag manifest of some Go types: the `+k8s:` validation tags
//! and `+default=` markers of each type and of each of its fields, read from
//! a Kubernetes `types.go`.
//!
//! ```text
//! cargo run -p declarative --example tag_manifest -- \
//!     --source kubernetes/api@<commit>:core/v1/types.go <types.go> ReplicationController ...
//! ```
//!
//! The output (stdout) is the JSON the `tag_manifest` test compares with the
//! tags of the Rust types:
//! `{"source": ..., "types": {"<GoType>": {"typeTags": [...], "fields": {"<json>": [...]}}}}`.
//! Only fields carrying at least one tag are listed. A type's tags come from
//! its doc comment and from the comment block above it (where Kubernetes puts
//! `+k8s:supportsSubresource`); a field's tags from the comment lines directly
//! above it. Generator wiring tags (`+k8s:*-gen*`, `+k8s:deprecated`,
//! `+k8s:protobuf*`) are not validation tags and are left out. The tool is a
//! maintenance aid: tests read the committed manifests, never Go sources.

use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::process::ExitCode;

/// The tags of one Go type.
#[derive(Default, Debug)]
struct GoType {
    type_tags: Vec<String>,
    /// Fields in source order: (json name, tags).
    fields: Vec<(String, Vec<String>)>,
}

/// A `+k8s:` validation tag or `+default` marker on a comment line, as written.
fn tag_of(comment: &str) -> Option<String> {
    let body = comment.trim_start().strip_prefix("//")?.trim();
    if body.starts_with("+default=") || body.starts_with("+default(") {
        return Some(body.to_string());
    }
    let rest = body.strip_prefix("+k8s:")?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    if name.is_empty()
        || name.contains("-gen")
        || name == "deprecated"
        || name.starts_with("protobuf")
    {
        return None;
    }
    Some(body.to_string())
}

/// The JSON name of a struct field line (`Name T `json:"x,omitempty"``), or
/// the embedded type name for an inline member (`json:",inline"`).
fn json_name(line: &str) -> Option<String> {
    let t = line.trim();
    let start = t.find("json:\"")? + "json:\"".len();
    let end = t[start..].find('"')? + start;
    let name = t[start..end].split(',').next().unwrap_or_default();
    if !name.is_empty() {
        return Some(name.to_string());
    }
    let first = t.split_whitespace().next()?;
    Some(first.rsplit('.').next().unwrap_or(first).to_string())
}

/// Reads every `type X struct { ... }` and `type X Y` of a Go file.
fn parse(text: &str) -> BTreeMap<String, GoType> {
    let mut types = BTreeMap::new();
    let mut block: Vec<String> = Vec::new();
    let mut prev_block: Vec<String> = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let t = line.trim();
        if t.starts_with("//") {
            block.push(line.to_string());
            continue;
        }
        if t.is_empty() {
            if !block.is_empty() {
                prev_block = std::mem::take(&mut block);
            }
            continue;
        }
        let comments: Vec<String> = prev_block.drain(..).chain(block.drain(..)).collect();
        let Some(decl) = t.strip_prefix("type ") else {
            continue;
        };
        let mut parts = decl.split_whitespace();
        let (Some(name), Some(kind)) = (parts.next(), parts.next()) else {
            continue;
        };
        let mut ty = GoType {
            type_tags: comments.iter().filter_map(|c| tag_of(c)).collect(),
            ..GoType::default()
        };
        if kind == "struct" && t.ends_with('{') {
            let mut member: Vec<String> = Vec::new();
            let mut depth = 1usize;
            for line in lines.by_ref() {
                let t = line.trim();
                if t.starts_with("//") {
                    member.push(line.to_string());
                    continue;
                }
                if t.is_empty() {
                    member.clear();
                    continue;
                }
                if t.starts_with('}') {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                    continue;
                }
                if depth == 1
                    && let Some(json) = json_name(t)
                {
                    let tags: Vec<String> = member.iter().filter_map(|c| tag_of(c)).collect();
                    if !tags.is_empty() {
                        ty.fields.push((json, tags));
                    }
                }
                if t.ends_with('{') {
                    depth += 1;
                }
                member.clear();
            }
        }
        types.insert(name.to_string(), ty);
    }
    types
}

fn manifest(
    source: &str,
    types: &BTreeMap<String, GoType>,
    wanted: &[String],
) -> Result<Value, String> {
    let mut out = Map::new();
    for name in wanted {
        let ty = types
            .get(name)
            .ok_or_else(|| format!("type {name} not found"))?;
        let mut fields = Map::new();
        for (json, tags) in &ty.fields {
            fields.insert(json.clone(), json!(tags));
        }
        out.insert(
            name.clone(),
            json!({"typeTags": ty.type_tags, "fields": fields}),
        );
    }
    Ok(json!({"source": source, "types": out}))
}

fn run(args: &[String]) -> Result<String, String> {
    let usage = "usage: tag_manifest --source <repo@commit:path> <types.go> <GoType>...";
    let [flag, source, file, wanted @ ..] = args else {
        return Err(usage.into());
    };
    if flag != "--source" || wanted.is_empty() {
        return Err(usage.into());
    }
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let value = manifest(source, &parse(&text), wanted)?;
    serde_json::to_string_pretty(&value).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(s) => {
            println!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GO: &str = r#"
// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +k8s:supportsSubresource="/status"

// Thing is a thing.
// +k8s:alpha(since: "1.37")=+k8s:enum
type Thing struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	// +k8s:optional
	// +default=1
	// +k8s:minimum=0
	Replicas *int32 `json:"replicas,omitempty"`

	// Untagged.
	Name string `json:"name"`
	// Example:
	//	    // +k8s:required
	Inner struct {
		// +k8s:required
		X string `json:"x"`
	} `json:"inner"`
}
"#;

    #[test]
    fn reads_type_and_field_tags() {
        let types = parse(GO);
        let t = &types["Thing"];
        assert_eq!(
            t.type_tags,
            vec![
                "+k8s:supportsSubresource=\"/status\"".to_string(),
                "+k8s:alpha(since: \"1.37\")=+k8s:enum".to_string()
            ]
        );
        assert_eq!(
            t.fields,
            vec![(
                "replicas".to_string(),
                vec![
                    "+k8s:optional".to_string(),
                    "+default=1".to_string(),
                    "+k8s:minimum=0".to_string()
                ]
            )]
        );
    }

    #[test]
    fn unknown_type_is_an_error() {
        let types = parse(GO);
        assert!(manifest("x", &types, &["Nope".to_string()]).is_err());
    }
}
