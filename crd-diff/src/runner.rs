//! Runs the configured checks on two CRDs: crdify's CRD validator, its
//! same-version validator (each version both CRDs have) and its
//! served-version validator (each pair of served versions of a CRD, less the
//! issues the old CRD's same pair had), then applies enforcement and
//! ratcheting.

use std::collections::BTreeMap;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceDefinition, CustomResourceDefinitionVersion, JSONSchemaProps,
};
use serde_json::Map;

use crate::checks::existing_field_removal::root;
use crate::checks::{
    self, Change, Check, Context, CrdCheck, PropertyCheck, crd_removal, unhandled,
};
use crate::config::{Config, ConfigError, ConversionPolicy, Enforcement, Ratcheting};
use crate::report::{
    CheckResult, Finding, PropertyResult, RATCHETED_SINCE, Ratchet, Report, VersionResult,
};
use crate::schema::{self, Node};
use crate::version_order;

/// Estimates the cost of the CEL rules of a version's root schema, keyed
/// `<server path>.x-kubernetes-validations[i]` (`.properties[spec].x-kubernetes-validations[0]`),
/// for `celRules` findings to show. kube-codegen's estimator is
/// `kube_codegen::emit::crd::rule_costs`.
pub trait CelCosts: Send + Sync {
    /// The estimates, by rule.
    fn rule_costs(&self, schema: &JSONSchemaProps) -> BTreeMap<String, u64>;
}

impl<F> CelCosts for F
where
    F: Fn(&JSONSchemaProps) -> BTreeMap<String, u64> + Send + Sync,
{
    fn rule_costs(&self, schema: &JSONSchemaProps) -> BTreeMap<String, u64> {
        self(schema)
    }
}

/// The configured checks, ready to compare CRDs (no global state: build as
/// many as you like).
pub struct Runner {
    crd: Vec<(&'static str, Box<dyn CrdCheck>, Enforcement)>,
    property: Vec<(&'static str, Box<dyn PropertyCheck>, Enforcement)>,
    removal: Enforcement,
    unhandled: Enforcement,
    conversion: ConversionPolicy,
    ratcheting: Ratcheting,
    costs: Option<Box<dyn CelCosts>>,
}

impl Runner {
    /// The checks `config` asks for: every registered check, with
    /// `enforcement: Error` and default settings unless configured.
    pub fn new(config: &Config) -> Result<Runner, ConfigError> {
        let known: Vec<&str> = checks::checks().iter().map(|c| c.name).collect();
        config.check_names(&known)?;
        let mut runner = Runner {
            crd: Vec::new(),
            property: Vec::new(),
            removal: Enforcement::Error,
            unhandled: config.unhandled_enforcement,
            conversion: config.conversion,
            ratcheting: config.ratcheting,
            costs: None,
        };
        let empty = Map::new();
        for info in checks::checks() {
            let configured = config
                .validations
                .iter()
                .enumerate()
                .find(|(_, v)| v.name == info.name);
            let (enforcement, settings) = match configured {
                Some((_, v)) => (
                    v.enforcement.unwrap_or_default(),
                    v.configuration.as_ref().unwrap_or(&empty),
                ),
                None => (Enforcement::Error, &empty),
            };
            let check = (info.build)(settings).map_err(|message| ConfigError::Configuration {
                index: configured.map_or(0, |(i, _)| i),
                name: info.name.to_owned(),
                message,
            })?;
            match check {
                Check::Crd(check) => runner.crd.push((info.name, check, enforcement)),
                Check::Property(check) => runner.property.push((info.name, check, enforcement)),
                Check::Removal => runner.removal = enforcement,
            }
        }
        Ok(runner)
    }

    /// Shows the estimated cost of CEL rules in `celRules` findings.
    #[must_use]
    pub fn with_cel_costs(mut self, costs: impl CelCosts + 'static) -> Runner {
        self.costs = Some(Box::new(costs));
        self
    }

    /// Compares two CRDs of the same name.
    pub fn compare(
        &self,
        old: &CustomResourceDefinition,
        new: &CustomResourceDefinition,
    ) -> Report {
        let mut crd_validation: Vec<CheckResult> = self
            .crd
            .iter()
            .map(|(name, check, enforcement)| {
                result(name, *enforcement, check.compare(old, new), None)
            })
            .filter(|r| !r.is_empty())
            .collect();
        crd_validation.sort_by(|a, b| a.name.cmp(&b.name));
        Report {
            name: new.metadata.name.clone().unwrap_or_default(),
            crd_validation,
            same_version_validation: self.same_versions(old, new),
            served_version_validation: self.served_versions(old, new),
        }
    }

    /// The report for a CRD of the old set that the new set lacks.
    pub fn removed(&self, old: &CustomResourceDefinition) -> Report {
        let name = old.metadata.name.clone().unwrap_or_default();
        let change = crd_removal::change(&name);
        let crd_validation = vec![result("crdRemoval", self.removal, vec![change], None)]
            .into_iter()
            .filter(|r| !r.is_empty())
            .collect();
        Report {
            name,
            crd_validation,
            ..Report::default()
        }
    }

    fn same_versions(
        &self,
        old: &CustomResourceDefinition,
        new: &CustomResourceDefinition,
    ) -> Vec<VersionResult> {
        let mut out: Vec<VersionResult> = old
            .spec
            .versions
            .iter()
            .filter_map(|a| {
                let b = new.spec.versions.iter().find(|b| b.name == a.name)?;
                Some(VersionResult {
                    version: a.name.clone(),
                    property_comparisons: self.compare_versions(a, b, Some(self.ratcheting)),
                })
            })
            .filter(|v| !v.property_comparisons.is_empty())
            .collect();
        out.sort_by(|a, b| a.version.cmp(&b.version));
        out
    }

    fn served_versions(
        &self,
        old: &CustomResourceDefinition,
        new: &CustomResourceDefinition,
    ) -> Vec<VersionResult> {
        let webhook = new
            .spec
            .conversion
            .as_ref()
            .is_some_and(|c| c.strategy == "Webhook");
        if self.conversion == ConversionPolicy::Ignore && webhook {
            return Vec::new();
        }
        let before = self.version_pairs(old);
        let mut out: Vec<VersionResult> = self
            .version_pairs(new)
            .into_iter()
            .map(|mut pair| {
                if let Some(known) = before.iter().find(|k| k.version == pair.version) {
                    subtract(&mut pair, known);
                }
                pair
            })
            .filter(|v| !v.property_comparisons.is_empty())
            .collect();
        out.sort_by(|a, b| a.version.cmp(&b.version));
        out
    }

    /// The served-version findings of one CRD on its own: each served version
    /// against every served version of higher priority, before the
    /// findings an older CRD already had are taken out.
    pub fn served_version_issues(&self, crd: &CustomResourceDefinition) -> Vec<VersionResult> {
        let mut out: Vec<VersionResult> = self
            .version_pairs(crd)
            .into_iter()
            .filter(|v| !v.property_comparisons.is_empty())
            .collect();
        out.sort_by(|a, b| a.version.cmp(&b.version));
        out
    }

    /// Each served version compared with every served version of higher
    /// priority (`v1alpha1 -> v1`).
    fn version_pairs(&self, crd: &CustomResourceDefinition) -> Vec<VersionResult> {
        let mut served: Vec<&CustomResourceDefinitionVersion> =
            crd.spec.versions.iter().filter(|v| v.served).collect();
        served.sort_by(|a, b| version_order::compare(&a.name, &b.name));
        let mut pairs = Vec::new();
        for (i, a) in served.iter().enumerate() {
            for b in &served[i + 1..] {
                pairs.push(VersionResult {
                    version: format!("{} -> {}", a.name, b.name),
                    property_comparisons: self.compare_versions(a, b, None),
                });
            }
        }
        pairs
    }

    /// Every node of `a` that differs in `b` (or is gone), with what each
    /// check found.
    fn compare_versions(
        &self,
        a: &CustomResourceDefinitionVersion,
        b: &CustomResourceDefinitionVersion,
        ratchet: Option<Ratcheting>,
    ) -> Vec<PropertyResult> {
        let before = schema::flatten(&root(a));
        let after = schema::flatten(&root(b));
        let costs = |v: &CustomResourceDefinitionVersion| {
            let schema = v
                .schema
                .as_ref()
                .and_then(|s| s.open_api_v3_schema.as_ref());
            match (&self.costs, schema) {
                (Some(estimator), Some(schema)) => estimator.rule_costs(schema),
                _ => BTreeMap::new(),
            }
        };
        let (old_costs, new_costs) = (costs(a), costs(b));
        let mut out = Vec::new();
        for (key, old) in before {
            let new = after.get(&key).map(|n| n.node.clone()).unwrap_or_default();
            if old.node == new {
                continue;
            }
            let cx = Context {
                path: &old.path,
                old_costs: &old_costs,
                new_costs: &new_costs,
            };
            let results = self.compare_nodes(old.node, new, &cx, ratchet);
            if !results.is_empty() {
                out.push(PropertyResult {
                    property: key,
                    path: old.path,
                    new_version: b.name.clone(),
                    source: None,
                    comparison_results: results,
                });
            }
        }
        out
    }

    fn compare_nodes(
        &self,
        mut old: Node,
        mut new: Node,
        cx: &Context<'_>,
        ratchet: Option<Ratcheting>,
    ) -> Vec<CheckResult> {
        // Validations below a junctor are never ratcheted (KEP-4008).
        let ratchet = ratchet.filter(|_| !cx.path.under_junctor());
        let mut results: Vec<CheckResult> = self
            .property
            .iter()
            .map(|(name, check, enforcement)| {
                let changes = check.compare(&mut old, &mut new, cx);
                result(name, *enforcement, changes, ratchet)
            })
            .collect();
        let left = unhandled::compare(&old, &new).into_iter().collect();
        results.push(result(unhandled::NAME, self.unhandled, left, None));
        results.retain(|r| !r.is_empty());
        results.sort_by(|a, b| a.name.cmp(&b.name));
        results
    }
}

/// A check's changes as findings under its enforcement. With `ratchet` (a
/// comparison the API server ratchets: same version, not below a junctor),
/// an error the API server ratchets says so, and with
/// `Ratcheting::Enabled` becomes a warning.
fn result(
    name: &str,
    enforcement: Enforcement,
    changes: Vec<Change>,
    ratchet: Option<Ratcheting>,
) -> CheckResult {
    let mut out = CheckResult {
        name: name.to_owned(),
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    for change in changes {
        let mut finding = Finding {
            message: change.message,
            ratchet: None,
            rule: change.rule,
            at: change.at,
            source: None,
        };
        match enforcement {
            Enforcement::None => {}
            Enforcement::Warn => out.warnings.push(finding),
            Enforcement::Error if ratchet.is_some() && change.ratchetable => {
                let note = Ratchet {
                    since: RATCHETED_SINCE,
                    warning: ratchet == Some(Ratcheting::Enabled),
                };
                finding.message = format!("{} ({})", finding.message, note.note());
                finding.ratchet = Some(note);
                if note.warning {
                    out.warnings.push(finding);
                } else {
                    out.errors.push(finding);
                }
            }
            Enforcement::Error => out.errors.push(finding),
        }
    }
    out
}

/// Takes out of `pair` the findings the old CRD's same pair already had.
fn subtract(pair: &mut VersionResult, known: &VersionResult) {
    for property in &mut pair.property_comparisons {
        let Some(was) = known
            .property_comparisons
            .iter()
            .find(|p| p.property == property.property)
        else {
            continue;
        };
        for result in &mut property.comparison_results {
            let Some(had) = was
                .comparison_results
                .iter()
                .find(|r| r.name == result.name)
            else {
                continue;
            };
            let seen = |list: &[Finding], f: &Finding| list.iter().any(|h| h.message == f.message);
            result.errors.retain(|f| !seen(&had.errors, f));
            result.warnings.retain(|f| !seen(&had.warnings, f));
        }
        property.comparison_results.retain(|r| !r.is_empty());
    }
    pair.property_comparisons
        .retain(|p| !p.comparison_results.is_empty());
}
