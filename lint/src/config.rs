//! The lint's configuration, in kube-api-linter's shape: `linters: {enable,
//! disable}` and per-rule settings under `lintersConfig`, plus a `profile`
//! (`crd` or `native`; KAL's proposed `preset: CustomResource | BuiltIn`) and
//! golangci-lint's `exclusions`.
//!
//! Read as Go projects write it (a `.golangci-kal.yml` whose
//! `linters.settings.custom.kubeapilinter.settings` holds KAL's settings, the
//! golangci v1 `linters-settings` spelling, or a plain KAL config file), or
//! from the same keys under `[workspace.metadata.kube-codegen.lint]` (or
//! `[package.metadata.kube-codegen.lint]`) of a `Cargo.toml`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use regex::Regex;
use serde_json::{Map, Value, json};

use super::registry::{self, Rule};
pub use super::settings::ConfigError;

fn err(file: &Option<PathBuf>, message: impl Into<String>) -> ConfigError {
    ConfigError {
        file: file.as_ref().map_or_else(
            || "lint configuration".to_owned(),
            |p| p.display().to_string(),
        ),
        message: message.into(),
    }
}

/// The presets of rules and settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// KAL's defaults, written for built-in (in-tree, Go-validated) APIs
    /// (KAL's proposed preset `BuiltIn`).
    Native,
    /// For CRDs (KAL's proposed preset `CustomResource`): the defaults without
    /// `nonpointerstructs`, plus `maxlength`, `minlength`, `statussubresource`
    /// and `statusoptional`; conditions without protobuf and patch-strategy
    /// tags, optional fields pointers only when required.
    Crd,
}

impl Profile {
    fn parse(name: &str) -> Option<Profile> {
        match name {
            "native" | "BuiltIn" => Some(Profile::Native),
            "crd" | "CustomResource" => Some(Profile::Crd),
            _ => None,
        }
    }

    /// Whether the profile enables `rule`.
    pub fn enables(self, rule: &Rule) -> bool {
        match self {
            Profile::Native => rule.default,
            Profile::Crd => rule.crd,
        }
    }

    /// The profile's settings, which the configuration's `lintersConfig` overrides key by key.
    fn settings(self) -> Value {
        match self {
            Profile::Native => json!({}),
            Profile::Crd => json!({
                "conditions": {"useProtobuf": "Forbid", "usePatchStrategy": "Forbid"},
                "optionalfields": {"pointers": {"preference": "WhenRequired"}},
            }),
        }
    }
}

/// One golangci-lint exclusion rule: findings matching all of its given
/// parts are not reported.
#[derive(Clone, Debug)]
pub struct Exclusion {
    /// The file's path (as shown) matches.
    pub path: Option<Regex>,
    /// The file's path does not match.
    pub path_except: Option<Regex>,
    /// `<rule>: <message>` matches (golangci-lint reports KAL's findings so).
    pub text: Option<Regex>,
    /// Only findings of these rules (KAL names; golangci's `kubeapilinter`
    /// stands for all of them).
    pub linters: Vec<String>,
}

/// A lint configuration, before it is resolved against the rules.
#[derive(Clone, Debug, Default)]
pub struct LintConfig {
    /// Where it was read from (for messages); `None` for the built-in default.
    pub source: Option<PathBuf>,
    /// `profile` (or `preset`): the rules and settings to start from.
    pub profile: Option<Profile>,
    /// `linters.enable`: rules to run besides the profile's (`*`: all).
    pub enable: Vec<String>,
    /// `linters.disable`: rules not to run (`*`: none but `enable`'s).
    pub disable: Vec<String>,
    /// `lintersConfig`: rule name → its settings.
    pub linters_config: Map<String, Value>,
    /// Findings not to report.
    pub exclusions: Vec<Exclusion>,
}

/// A rule to run and its settings.
#[derive(Debug)]
pub struct Enabled {
    /// The rule.
    pub rule: &'static Rule,
    /// Its settings (`lintersConfig.<rule>` over the profile's).
    pub settings: Value,
}

impl LintConfig {
    /// What a workspace without any lint configuration gets: the `crd`
    /// profile (kube-codegen writes CRDs).
    pub fn default_profile() -> LintConfig {
        LintConfig {
            profile: Some(Profile::Crd),
            ..LintConfig::default()
        }
    }

    /// Reads a configuration file: YAML (golangci-lint or plain KAL) or a
    /// `Cargo.toml` (its `metadata.kube-codegen.lint` table).
    pub fn read(path: &Path) -> Result<LintConfig, ConfigError> {
        let source = Some(path.to_owned());
        let text = std::fs::read_to_string(path).map_err(|e| err(&source, e.to_string()))?;
        if path.extension().is_some_and(|e| e == "toml") {
            let value = cargo_metadata(&text).map_err(|m| err(&source, m))?;
            let value = value.ok_or_else(|| {
                err(
                    &source,
                    "has no `[workspace.metadata.kube-codegen.lint]` or `[package.metadata.kube-codegen.lint]` table",
                )
            })?;
            return LintConfig::from_plain(&value, source);
        }
        LintConfig::from_yaml(&text, source)
    }

    /// A YAML configuration: golangci-lint's (v2 or v1) or a plain KAL one.
    pub fn from_yaml(text: &str, source: Option<PathBuf>) -> Result<LintConfig, ConfigError> {
        let value: Value = if text.trim().is_empty() {
            json!({})
        } else {
            serde_saphyr::from_str(text).map_err(|e| err(&source, format!("not YAML: {e}")))?
        };
        if value
            .get("linters")
            .and_then(|l| l.get("settings"))
            .is_some()
            || value.get("linters-settings").is_some()
            || value.get("version").is_some()
        {
            return LintConfig::from_golangci(&value, source);
        }
        LintConfig::from_plain(&value, source)
    }

    /// golangci-lint's configuration with the kubeapilinter module.
    fn from_golangci(value: &Value, source: Option<PathBuf>) -> Result<LintConfig, ConfigError> {
        let settings = value
            .pointer("/linters/settings/custom/kubeapilinter/settings")
            .or_else(|| value.pointer("/linters-settings/custom/kubeapilinter/settings"))
            .cloned()
            .unwrap_or_else(|| json!({}));
        let mut config = LintConfig::from_plain(&settings, source.clone())?;
        let rules = value
            .pointer("/linters/exclusions/rules")
            .or_else(|| value.pointer("/issues/exclude-rules"));
        if let Some(rules) = rules {
            let Some(rules) = rules.as_array() else {
                return Err(err(&source, "exclusion rules must be a list"));
            };
            for rule in rules {
                if let Some(e) = exclusion(rule, &source, true)? {
                    config.exclusions.push(e);
                }
            }
        }
        if let Some(paths) = value.pointer("/linters/exclusions/paths") {
            for p in paths.as_array().into_iter().flatten() {
                let p = p
                    .as_str()
                    .ok_or_else(|| err(&source, "exclusion paths are strings"))?;
                config.exclusions.push(Exclusion {
                    path: Some(regex(p, &source)?),
                    path_except: None,
                    text: None,
                    linters: Vec::new(),
                });
            }
        }
        Ok(config)
    }

    /// A KAL configuration: `linters`, `lintersConfig`, and kube-codegen's
    /// `profile` (or `preset`) and `exclusions`.
    pub fn from_plain(value: &Value, source: Option<PathBuf>) -> Result<LintConfig, ConfigError> {
        let Some(obj) = value.as_object() else {
            return Err(err(&source, "the lint configuration must be a mapping"));
        };
        let mut config = LintConfig {
            source: source.clone(),
            ..LintConfig::default()
        };
        for (key, v) in obj {
            match key.as_str() {
                "linters" => {
                    let Some(l) = v.as_object() else {
                        return Err(err(
                            &source,
                            "`linters` must be a mapping of `enable` and `disable`",
                        ));
                    };
                    for (k, names) in l {
                        let list = string_list(names).ok_or_else(|| {
                            err(
                                &source,
                                format!("`linters.{k}` must be a list of rule names"),
                            )
                        })?;
                        match k.as_str() {
                            "enable" => config.enable = list,
                            "disable" => config.disable = list,
                            other => {
                                return Err(err(
                                    &source,
                                    format!(
                                        "unknown key `linters.{other}`; expected `enable` or `disable`"
                                    ),
                                ));
                            }
                        }
                    }
                }
                "lintersConfig" => {
                    config.linters_config = v.as_object().cloned().ok_or_else(|| {
                        err(
                            &source,
                            "`lintersConfig` must be a mapping of rule names to settings",
                        )
                    })?;
                }
                "profile" | "preset" => {
                    let name = v.as_str().unwrap_or_default();
                    config.profile = Some(Profile::parse(name).ok_or_else(|| {
                        err(
                            &source,
                            format!("unknown {key} `{name}`; expected `crd` (KAL's `CustomResource`) or `native` (KAL's `BuiltIn`)"),
                        )
                    })?);
                }
                "exclusions" => {
                    for rule in v
                        .get("rules")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                    {
                        if let Some(e) = exclusion(rule, &source, false)? {
                            config.exclusions.push(e);
                        }
                    }
                    for p in v
                        .get("paths")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                    {
                        let p = p
                            .as_str()
                            .ok_or_else(|| err(&source, "exclusion paths are strings"))?;
                        config.exclusions.push(Exclusion {
                            path: Some(regex(p, &source)?),
                            path_except: None,
                            text: None,
                            linters: Vec::new(),
                        });
                    }
                }
                other => {
                    return Err(err(
                        &source,
                        format!(
                            "unknown key `{other}`; expected `linters`, `lintersConfig`, `profile` or `exclusions`"
                        ),
                    ));
                }
            }
        }
        Ok(config)
    }

    /// The rules to run, with their settings: the profile's (or KAL's
    /// defaults without one), then `enable`/`disable` as KAL reads them
    /// (`*` for all), then `lintersConfig` over the profile's settings.
    pub fn resolve(&self) -> Result<Vec<Enabled>, ConfigError> {
        for name in self.enable.iter().chain(&self.disable) {
            if name != "*" && registry::find(name).is_none() {
                let hint = kube_codegen::parse::suggest::closest(
                    name,
                    registry::RULES.iter().map(|r| r.name),
                )
                .map(|s| format!("; did you mean `{s}`?"))
                .unwrap_or_default();
                return Err(err(
                    &self.source,
                    format!("unknown rule `{name}` in `linters`{hint}"),
                ));
            }
        }
        if let Some(n) = self.enable.iter().find(|n| self.disable.contains(n)) {
            return Err(err(
                &self.source,
                format!("`{n}` is both enabled and disabled"),
            ));
        }
        for name in self.linters_config.keys() {
            if registry::find(&name.to_lowercase()).is_none() {
                return Err(err(
                    &self.source,
                    format!("`lintersConfig.{name}` configures no rule kube-codegen knows"),
                ));
            }
        }
        let all_on = self.enable.iter().any(|n| n == "*");
        let all_off = self.disable.iter().any(|n| n == "*");
        let base = self.profile.unwrap_or(Profile::Native);
        let profile_settings = base.settings();
        let mut out = Vec::new();
        for rule in registry::RULES {
            let on = !self.disable.iter().any(|n| n == rule.name)
                && (all_on
                    || self.enable.iter().any(|n| n == rule.name)
                    || (!all_off && base.enables(rule)));
            if !on {
                continue;
            }
            let mut settings = profile_settings
                .get(rule.name)
                .cloned()
                .unwrap_or_else(|| json!({}));
            let user = self
                .linters_config
                .iter()
                .find(|(k, _)| k.to_lowercase() == rule.name)
                .map(|(_, v)| v);
            if let Some(user) = user {
                merge(&mut settings, user);
            }
            out.push(Enabled { rule, settings });
        }
        Ok(out)
    }
}

/// Overlays `over` on `base`, mapping by mapping.
fn merge(base: &mut Value, over: &Value) {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            for (k, v) in o {
                merge(b.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
        (b, o) => *b = o.clone(),
    }
}

fn string_list(v: &Value) -> Option<Vec<String>> {
    match v {
        Value::Null => Some(Vec::new()),
        Value::Array(a) => a.iter().map(|x| x.as_str().map(str::to_owned)).collect(),
        _ => None,
    }
}

fn regex(pattern: &str, source: &Option<PathBuf>) -> Result<Regex, ConfigError> {
    Regex::new(pattern).map_err(|e| {
        err(
            source,
            format!("`{pattern}` is not a regular expression: {e}"),
        )
    })
}

/// One exclusion rule (golangci's `path`, `path-except`, `text`, `linters`);
/// `None` for a golangci rule about other linters.
fn exclusion(
    rule: &Value,
    source: &Option<PathBuf>,
    golangci: bool,
) -> Result<Option<Exclusion>, ConfigError> {
    let get = |k: &str| -> Result<Option<Regex>, ConfigError> {
        match rule.get(k).and_then(Value::as_str) {
            Some(p) => Ok(Some(regex(p, source)?)),
            None => Ok(None),
        }
    };
    let linters = rule
        .get("linters")
        .and_then(string_list)
        .unwrap_or_default();
    let linters = if golangci {
        if !linters.is_empty() && !linters.iter().any(|l| l == "kubeapilinter") {
            return Ok(None);
        }
        Vec::new()
    } else {
        for l in &linters {
            if registry::find(l).is_none() {
                return Err(err(source, format!("exclusion of unknown rule `{l}`")));
            }
        }
        linters
    };
    Ok(Some(Exclusion {
        path: get("path")?,
        path_except: get("path-except")?.or(get("pathExcept")?),
        text: get("text")?,
        linters,
    }))
}

/// The `metadata.kube-codegen.lint` table of a Cargo.toml, as JSON.
fn cargo_metadata(text: &str) -> Result<Option<Value>, String> {
    let doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("not TOML: {e}"))?;
    for root in ["workspace", "package"] {
        let table = doc
            .get(root)
            .and_then(|w| w.get("metadata"))
            .and_then(|m| m.get("kube-codegen"))
            .and_then(|k| k.get("lint"));
        if let Some(item) = table {
            return Ok(Some(toml_to_json(item)));
        }
    }
    Ok(None)
}

fn toml_to_json(item: &toml_edit::Item) -> Value {
    match item {
        toml_edit::Item::Value(v) => toml_value(v),
        toml_edit::Item::Table(t) => Value::Object(
            t.iter()
                .map(|(k, v)| (k.to_owned(), toml_to_json(v)))
                .collect(),
        ),
        toml_edit::Item::ArrayOfTables(a) => Value::Array(
            a.iter()
                .map(|t| toml_to_json(&toml_edit::Item::Table(t.clone())))
                .collect(),
        ),
        toml_edit::Item::None => Value::Null,
    }
}

fn toml_value(v: &toml_edit::Value) -> Value {
    use toml_edit::Value as T;
    match v {
        T::String(s) => Value::String(s.value().clone()),
        T::Integer(i) => json!(*i.value()),
        T::Float(f) => json!(*f.value()),
        T::Boolean(b) => Value::Bool(*b.value()),
        T::Datetime(d) => Value::String(d.value().to_string()),
        T::Array(a) => Value::Array(a.iter().map(toml_value).collect()),
        T::InlineTable(t) => Value::Object(
            t.iter()
                .map(|(k, v)| (k.to_owned(), toml_value(v)))
                .collect(),
        ),
    }
}

/// The files a workspace's lint configuration may be in, looked for in the
/// input directory and each directory above it: KAL's golangci files first,
/// then a plain KAL file, then the `Cargo.toml` metadata.
pub const CONFIG_FILES: &[&str] = &[
    ".golangci-kal.yml",
    ".golangci-kal.yaml",
    ".kube-api-linter.yml",
    ".kube-api-linter.yaml",
    "Cargo.toml",
];

/// Finds the lint configuration of the workspace `input_dir` is in: the first
/// of [`CONFIG_FILES`] in `input_dir` or a directory above it that holds
/// one (a `Cargo.toml` counts when it has the metadata table). `None`: the
/// workspace configures no lint.
pub fn discover(input_dir: &Path) -> Result<Option<LintConfig>, ConfigError> {
    let start = std::fs::canonicalize(input_dir).unwrap_or_else(|_| input_dir.to_owned());
    for dir in start.ancestors() {
        for name in CONFIG_FILES {
            let path = dir.join(name);
            if !path.is_file() {
                continue;
            }
            if *name == "Cargo.toml" {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                if cargo_metadata(&text).ok().flatten().is_none() {
                    continue;
                }
            }
            let shown = relative_to_cwd(&path);
            return LintConfig::read(&shown).map(Some);
        }
    }
    Ok(None)
}

fn relative_to_cwd(path: &Path) -> PathBuf {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(&cwd).ok().map(Path::to_owned))
        .unwrap_or_else(|| path.to_owned())
}

/// Rule name → settings, for tests and the JSON output.
pub type SettingsMap = BTreeMap<String, Value>;

#[cfg(test)]
mod tests {
    use super::*;

    fn names(c: &LintConfig) -> Vec<&'static str> {
        c.resolve().unwrap().iter().map(|e| e.rule.name).collect()
    }

    #[test]
    fn reads_golangci_v2_with_exclusions() {
        let yaml = r#"
version: "2"
linters:
  default: none
  enable: [kubeapilinter]
  settings:
    custom:
      kubeapilinter:
        type: module
        settings:
          linters:
            disable: ["*"]
            enable: [nobools, ssatags]
          lintersConfig:
            ssatags:
              listTypeSetUsage: Ignore
  exclusions:
    rules:
      - path: zz_generated
        linters: [kubeapilinter]
      - path: other
        linters: [gofmt]
"#;
        let c = LintConfig::from_yaml(yaml, None).unwrap();
        assert_eq!(names(&c), ["nobools", "ssatags"]);
        assert_eq!(c.exclusions.len(), 1);
        let resolved = c.resolve().unwrap();
        assert_eq!(resolved[1].settings["listTypeSetUsage"], "Ignore");
    }

    #[test]
    fn profiles_and_overrides() {
        let c = LintConfig::from_yaml("profile: crd\nlinters:\n  enable: [nobools]\n  disable: [maxlength]\nlintersConfig:\n  conditions:\n    isFirstField: Ignore\n", None).unwrap();
        let resolved = c.resolve().unwrap();
        let names: Vec<_> = resolved.iter().map(|e| e.rule.name).collect();
        assert!(names.contains(&"nobools") && names.contains(&"minlength"));
        assert!(!names.contains(&"maxlength") && !names.contains(&"nonpointerstructs"));
        let conditions = resolved
            .iter()
            .find(|e| e.rule.name == "conditions")
            .unwrap();
        assert_eq!(
            conditions.settings,
            json!({"useProtobuf": "Forbid", "usePatchStrategy": "Forbid", "isFirstField": "Ignore"})
        );
    }

    #[test]
    fn refuses_unknown_names_and_keys() {
        let e = LintConfig::from_yaml("linters:\n  enable: [nobool]\n", None)
            .unwrap()
            .resolve()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "lint configuration: unknown rule `nobool` in `linters`; did you mean `nobools`?"
        );
        let e = LintConfig::from_yaml("linter:\n  enable: []\n", None).unwrap_err();
        assert!(e.message.contains("unknown key `linter`"), "{e}");
    }

    #[test]
    fn reads_cargo_metadata() {
        let toml = "[workspace]\n[workspace.metadata.kube-codegen.lint]\nprofile = \"native\"\nlinters = { disable = [\"commentstart\"] }\n";
        let v = cargo_metadata(toml).unwrap().unwrap();
        let c = LintConfig::from_plain(&v, None).unwrap();
        assert_eq!(c.profile, Some(Profile::Native));
        assert!(!names(&c).contains(&"commentstart"));
    }
}
