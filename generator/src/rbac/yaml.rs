//! The roles as YAML, as controller-gen writes them: one `---` document per
//! role, keys in alphabetical order (`apiVersion, kind, metadata, rules`;
//! `apiGroups, nonResourceURLs, resourceNames, resources, verbs` in a rule),
//! empty lists left out (`*` comes out as `"*"` where Go writes `'*'`: the
//! same string). Rendered by the CRD emitter's YAML writer, so every
//! YAML file of the project has the same style.

use serde::Serialize;

use super::{PolicyRule, Role};
use crate::emit::crd::yaml;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Document<'a> {
    api_version: &'static str,
    kind: &'static str,
    metadata: Metadata<'a>,
    rules: Vec<Rule<'a>>,
}

#[derive(Serialize)]
struct Metadata<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "str::is_empty")]
    namespace: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule<'a> {
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    api_groups: &'a [String],
    #[serde(
        rename = "nonResourceURLs",
        skip_serializing_if = "<[String]>::is_empty"
    )]
    non_resource_urls: &'a [String],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    resource_names: &'a [String],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    resources: &'a [String],
    verbs: &'a [String],
}

/// All roles as one multi-document YAML text (empty when there are none).
pub fn render(roles: &[Role]) -> String {
    roles.iter().map(render_role).collect()
}

fn render_role(role: &Role) -> String {
    yaml::render(&Document {
        api_version: "rbac.authorization.k8s.io/v1",
        kind: role.kind(),
        metadata: Metadata {
            name: &role.name,
            namespace: &role.namespace,
        },
        rules: role.rules.iter().map(rule).collect(),
    })
}

fn rule(rule: &PolicyRule) -> Rule<'_> {
    Rule {
        api_groups: &rule.api_groups,
        non_resource_urls: &rule.non_resource_urls,
        resource_names: &rule.resource_names,
        resources: &rule.resources,
        verbs: &rule.verbs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(l: &[&str]) -> Vec<String> {
        l.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn writes_like_controller_gen() {
        let roles = [
            Role {
                name: "manager-role".into(),
                namespace: String::new(),
                rules: vec![
                    PolicyRule {
                        non_resource_urls: strings(&["/metrics"]),
                        verbs: strings(&["get"]),
                        ..PolicyRule::default()
                    },
                    PolicyRule {
                        api_groups: strings(&[""]),
                        resources: strings(&["pods"]),
                        verbs: strings(&["*"]),
                        ..PolicyRule::default()
                    },
                ],
            },
            Role {
                name: "r".into(),
                namespace: "ns".into(),
                rules: vec![PolicyRule {
                    api_groups: strings(&["apps"]),
                    resource_names: strings(&["a"]),
                    resources: strings(&["deployments"]),
                    verbs: strings(&["get"]),
                    ..PolicyRule::default()
                }],
            },
        ];
        assert_eq!(
            render(&roles),
            r#"---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: manager-role
rules:
- nonResourceURLs:
  - /metrics
  verbs:
  - get
- apiGroups:
  - ""
  resources:
  - pods
  verbs:
  - "*"
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: r
  namespace: ns
rules:
- apiGroups:
  - apps
  resourceNames:
  - a
  resources:
  - deployments
  verbs:
  - get
"#
        );
    }
}
