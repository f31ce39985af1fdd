//! The names `create api` is given: a kind, a version and a group, checked the
//! way the API server and Rust will check them, with a suggestion when wrong.

use heck::{ToSnakeCase, ToUpperCamelCase};

/// A name the API server or Rust would reject.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("invalid {flag} `{value}`: {problem}\n  = help: {help}")]
pub struct NameError {
    /// The flag that gave the name (`--kind`).
    pub flag: &'static str,
    /// The name as given.
    pub value: String,
    /// What is wrong with it.
    pub problem: String,
    /// How to write it instead.
    pub help: String,
}

fn error(flag: &'static str, value: &str, problem: &str, help: String) -> NameError {
    NameError {
        flag,
        value: value.to_owned(),
        problem: problem.to_owned(),
        help,
    }
}

/// A kind is UpperCamelCase ASCII: `Memcached`, `CronTab`.
pub fn check_kind(kind: &str) -> Result<(), NameError> {
    let camel = kind.to_upper_camel_case();
    let ascii = kind.chars().all(|c| c.is_ascii_alphanumeric());
    let starts_upper = kind.chars().next().is_some_and(|c| c.is_ascii_uppercase());
    if kind.is_empty() || !ascii || !starts_upper || camel != kind {
        let help = if camel.is_empty() || !camel.chars().all(|c| c.is_ascii_alphanumeric()) {
            "a kind is UpperCamelCase ASCII letters and digits, such as `CronTab`".to_owned()
        } else {
            format!("write it in UpperCamelCase: `--kind {camel}`")
        };
        return Err(error(
            "--kind",
            kind,
            "a kind must be UpperCamelCase (letters and digits, starting with a capital)",
            help,
        ));
    }
    Ok(())
}

/// A version is `v<N>`, optionally followed by `alpha<N>` or `beta<N>`.
pub fn check_version(version: &str) -> Result<(), NameError> {
    let ok = version
        .strip_prefix('v')
        .and_then(number_prefix)
        .is_some_and(|(major, tail)| {
            major != 0
                && (tail.is_empty()
                    || ["alpha", "beta"].iter().any(|stage| {
                        tail.strip_prefix(stage)
                            .and_then(number_prefix)
                            .is_some_and(|(n, rest)| n != 0 && rest.is_empty())
                    }))
        });
    if ok {
        return Ok(());
    }
    let lower = version.to_ascii_lowercase();
    let help = if lower != version && check_version(&lower).is_ok() {
        format!("versions are lower case: `--version {lower}`")
    } else {
        "write `v1`, `v2`, `v1beta1` or `v2alpha3` (a number from 1, optionally `alpha` or `beta` and another number from 1)".to_owned()
    };
    Err(error(
        "--version",
        version,
        "not a Kubernetes API version",
        help,
    ))
}

/// Splits a leading decimal number without leading zeros off `s`.
fn number_prefix(s: &str) -> Option<(u32, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let digits = &s[..end];
    if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
        return None;
    }
    Some((digits.parse().ok()?, &s[end..]))
}

/// A group is a DNS subdomain with at least one dot: `cache.example.com`.
pub fn check_group(group: &str) -> Result<(), NameError> {
    let labels: Vec<&str> = group.split('.').collect();
    let label_ok = |l: &&str| {
        !l.is_empty()
            && l.len() <= 63
            && l.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    let problem = if group.len() > 253 {
        Some("longer than 253 characters")
    } else if !labels.iter().all(label_ok) {
        Some(
            "a group is a DNS subdomain: dot-separated labels of lower-case letters, digits and `-`",
        )
    } else if labels.len() < 2 {
        Some("a custom resource's group needs a dot (the API server requires it)")
    } else {
        None
    };
    match problem {
        None => Ok(()),
        Some(problem) => {
            let lower = group.to_ascii_lowercase().replace('_', "-");
            let help = if lower != group && check_group(&lower).is_ok() {
                format!("write `--group {lower}`")
            } else if labels.len() < 2 && !group.is_empty() {
                format!("add your domain: `--group {lower}.example.com`")
            } else {
                "write a domain you own, such as `--group cache.example.com`".to_owned()
            };
            Err(error("--group", group, problem, help))
        }
    }
}

/// Names a project cannot take: its workspace's own crates, and the crates
/// the operator depends on (a package cannot depend on its own name).
const TAKEN_PROJECT_NAMES: &[&str] = &["apis", "generated", "test", "core", "std", "alloc"];

/// The longest project name: the operator's namespace, `<project>-system`, is
/// a Kubernetes name of at most 63 characters.
pub const MAX_PROJECT_NAME: usize = 56;

/// A project name is both a Kubernetes name (the prefix of every object
/// `make deploy` creates, its namespace `<project>-system`) and the operator's
/// Rust package name: lower-case letters, digits and `-`, starting with a
/// letter. `flag` is where it came from (`--project-name`, or the directory).
pub fn check_project_name(name: &str, flag: &'static str) -> Result<(), NameError> {
    let fix = || {
        let mut fixed: String = name
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        while fixed.contains("--") {
            fixed = fixed.replace("--", "-");
        }
        let fixed = fixed
            .trim_matches('-')
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '-')
            .to_owned();
        if fixed.is_empty() || fixed.len() > MAX_PROJECT_NAME {
            "`--project-name my-operator`".to_owned()
        } else {
            format!("`--project-name {fixed}`")
        }
    };
    let shape_ok = name.len() <= MAX_PROJECT_NAME
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && !name.ends_with('-')
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !shape_ok {
        let problem = if name.len() > MAX_PROJECT_NAME {
            format!(
                "longer than {MAX_PROJECT_NAME} characters (its namespace `<name>-system` must fit in 63)"
            )
        } else {
            "a project name is a Kubernetes name and a Rust package name: lower-case letters, digits and `-`, starting with a letter".to_owned()
        };
        return Err(error(
            flag,
            name,
            &problem,
            format!("name it with {}", fix()),
        ));
    }
    let keyword = syn::parse_str::<syn::Ident>(&name.replace('-', "_")).is_err();
    if keyword || TAKEN_PROJECT_NAMES.contains(&name) || DEPENDENCY_NAMES.contains(&name) {
        return Err(error(
            flag,
            name,
            "the operator's package cannot take this name (a Rust keyword, or a crate of the workspace or one it depends on)",
            format!("name it with `--project-name {name}-operator`"),
        ));
    }
    Ok(())
}

/// The crates a scaffolded operator depends on, by name.
static DEPENDENCY_NAMES: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    let (ours, registry) = kube_codegen::dependencies::operator_crate();
    ours.iter()
        .map(|c| c.name)
        .chain(registry.iter().map(|d| d.name))
        .chain(
            kube_codegen::dependencies::workspace()
                .iter()
                .map(|d| d.name),
        )
        .chain(
            kube_codegen::dependencies::PROJECT_CRATES
                .iter()
                .map(|c| c.name),
        )
        .collect()
});

/// The Rust module of a group: its first label, `-` as `_` (`cache.example.com` → `cache`).
pub fn group_module(group: &str) -> String {
    group.split('.').next().unwrap_or(group).replace('-', "_")
}

/// The file (and module) name of a kind: `CronTab` → `cron_tab`.
pub fn kind_module(kind: &str) -> String {
    kind.to_snake_case()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_good_names() {
        for kind in ["App", "CronTab", "Memcached", "V2Thing"] {
            check_kind(kind).unwrap();
        }
        for version in ["v1", "v2", "v1beta1", "v2alpha3", "v10beta12"] {
            check_version(version).unwrap();
        }
        for group in ["cache.example.com", "my-app.k8s.io", "a.b"] {
            check_group(group).unwrap();
        }
    }

    #[test]
    fn kind_diagnostics_say_how_to_fix() {
        let e = check_kind("cron_tab").unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid --kind `cron_tab`: a kind must be UpperCamelCase (letters and digits, starting with a capital)\n  = help: write it in UpperCamelCase: `--kind CronTab`"
        );
        assert!(
            check_kind("crontab")
                .unwrap_err()
                .help
                .contains("`--kind Crontab`")
        );
        assert!(check_kind("Cron-Tab").is_err());
        assert!(check_kind("Ünïcode").unwrap_err().help.contains("ASCII"));
        assert!(check_kind("").is_err());
    }

    #[test]
    fn version_diagnostics_say_how_to_fix() {
        let e = check_version("V1Beta1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid --version `V1Beta1`: not a Kubernetes API version\n  = help: versions are lower case: `--version v1beta1`"
        );
        for bad in [
            "1", "v0", "v01", "v1gamma1", "v1beta", "v1beta0", "version1", "",
        ] {
            let e = check_version(bad).unwrap_err();
            assert!(e.help.contains("`v1beta1`"), "{bad}: {e}");
        }
    }

    #[test]
    fn group_diagnostics_say_how_to_fix() {
        let e = check_group("cache").unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid --group `cache`: a custom resource's group needs a dot (the API server requires it)\n  = help: add your domain: `--group cache.example.com`"
        );
        let e = check_group("Cache.Example.com").unwrap_err();
        assert!(e.problem.contains("DNS subdomain"), "{e}");
        assert_eq!(e.help, "write `--group cache.example.com`");
        assert!(check_group("a..b").is_err());
        assert!(check_group("-a.b").is_err());
        assert!(check_group(&format!("{}.com", "a".repeat(64))).is_err());
    }

    #[test]
    fn project_names_are_kubernetes_and_package_names() {
        for ok in ["shop", "memcached-operator", "a1"] {
            check_project_name(ok, "--project-name").unwrap();
        }
        assert_eq!(
            check_project_name("My_Shop", "project name")
                .unwrap_err()
                .to_string(),
            "invalid project name `My_Shop`: a project name is a Kubernetes name and a Rust package name: lower-case letters, digits and `-`, starting with a letter\n  = help: name it with `--project-name my-shop`"
        );
        assert_eq!(
            check_project_name("2048", "--project-name")
                .unwrap_err()
                .help,
            "name it with `--project-name my-operator`"
        );
        assert!(
            check_project_name(&"a".repeat(57), "--project-name")
                .unwrap_err()
                .problem
                .contains("longer than 56")
        );
        for taken in ["kube", "tokio", "generated", "kube-codegen-manager", "fn"] {
            let e = check_project_name(taken, "--project-name").unwrap_err();
            assert_eq!(
                e.help,
                format!("name it with `--project-name {taken}-operator`")
            );
        }
    }

    #[test]
    fn module_names() {
        assert_eq!(group_module("my-app.example.com"), "my_app");
        assert_eq!(kind_module("CronTab"), "cron_tab");
    }
}
