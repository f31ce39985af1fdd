//! The user guide's tutorial (`docs/src/tutorial.md`), run as written: in an
//! empty directory outside this repository, with kube-codegen installed as a
//! user installs it (`scaffolded`: `cargo install --path` from a clean copy
//! of this repository, the shared target directory of the scaffold tests, so
//! the tutorial project's dependencies build once), each `$ ` line of its
//! `console` blocks in order, and each `<!-- file: PATH -->` block written to
//! PATH. The tutorial ends with `cargo build` and `cargo test` of the
//! operator it made.

#[path = "scaffolded/mod.rs"]
mod scaffolded;

use std::path::PathBuf;
use std::time::Instant;

use scaffolded::{exclusive_builds, repo_root, user_command, user_dir};

/// One step of the tutorial, with its line in the Markdown file.
#[derive(Debug, PartialEq)]
enum Step {
    /// A `$ ` line of a `console` block, and the output lines after it
    /// (`...` lines left out).
    Command {
        line: usize,
        command: String,
        output: Vec<String>,
    },
    /// A fenced block after `<!-- file: PATH -->`: PATH's new content.
    File {
        line: usize,
        path: String,
        text: String,
    },
}

/// The steps of a tutorial page, or what is wrong with its blocks.
fn steps(markdown: &str) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut lines = markdown.lines().enumerate().map(|(i, l)| (i + 1, l));
    let mut file: Option<(usize, String)> = None;
    while let Some((n, text)) = lines.next() {
        if let Some(path) = text
            .trim()
            .strip_prefix("<!-- file:")
            .and_then(|rest| rest.strip_suffix("-->"))
        {
            if let Some((at, path)) = &file {
                return Err(format!(
                    "line {at}: `<!-- file: {path} -->` is followed by another file comment at line {n}, not by a fenced block"
                ));
            }
            file = Some((n, path.trim().to_owned()));
            continue;
        }
        let Some(info) = text.strip_prefix("```") else {
            if file.is_some() && !text.trim().is_empty() {
                let (at, path) = file.take().unwrap();
                return Err(format!(
                    "line {at}: `<!-- file: {path} -->` is followed by text at line {n}, not by a fenced block"
                ));
            }
            continue;
        };
        let mut body = Vec::new();
        let mut closed = false;
        for (m, inner) in lines.by_ref() {
            if inner.starts_with("```") {
                closed = true;
                break;
            }
            body.push((m, inner));
        }
        if !closed {
            return Err(format!("line {n}: the block opened here is never closed"));
        }
        if let Some((_, path)) = file.take() {
            let mut text: String = body.iter().map(|(_, l)| format!("{l}\n")).collect();
            if text.is_empty() {
                text.push('\n');
            }
            steps.push(Step::File {
                line: n,
                path,
                text,
            });
        } else if info.trim() == "console" {
            for (m, inner) in body {
                if let Some(command) = inner.strip_prefix("$ ") {
                    steps.push(Step::Command {
                        line: m,
                        command: command.trim().to_owned(),
                        output: Vec::new(),
                    });
                } else if inner.trim() == "..." || inner.trim().is_empty() {
                } else if let Some(Step::Command { output, .. }) = steps.last_mut() {
                    output.push(inner.trim().to_owned());
                } else {
                    return Err(format!(
                        "line {m}: output before the first `$ ` command of the block"
                    ));
                }
            }
        }
    }
    if let Some((at, path)) = file {
        return Err(format!(
            "line {at}: `<!-- file: {path} -->` is not followed by a fenced block"
        ));
    }
    Ok(steps)
}

/// The first of `expected` (in order) that `output` lacks: each must be part
/// of a line of the output, after the line the one before it was found in.
fn missing_line<'a>(output: &str, expected: &'a [String]) -> Option<&'a str> {
    let mut lines = output.lines();
    expected
        .iter()
        .find(|want| !lines.by_ref().any(|line| line.contains(want.as_str())))
        .map(String::as_str)
}

#[test]
fn the_tutorial_runs_as_written() {
    let page = repo_root().join("docs/src/tutorial.md");
    let markdown = std::fs::read_to_string(&page).unwrap();
    let steps = steps(&markdown).unwrap_or_else(|e| panic!("docs/src/tutorial.md: {e}"));
    let commands = steps
        .iter()
        .filter(|s| matches!(s, Step::Command { .. }))
        .count();
    assert!(commands >= 8, "the tutorial has {commands} commands");
    let last = steps
        .iter()
        .rev()
        .find_map(|s| match s {
            Step::Command { command, .. } => Some(command.as_str()),
            Step::File { .. } => None,
        })
        .unwrap();
    assert_eq!(
        last, "cargo test",
        "the tutorial ends with the operator's tests"
    );

    let _builds = exclusive_builds();
    let installing = Instant::now();
    scaffolded::install();
    eprintln!(
        "tutorial: {:>6.1} s  cargo install kube-codegen",
        installing.elapsed().as_secs_f64()
    );
    let home = user_dir();
    let mut dir: PathBuf = home.path().to_owned();
    let started = Instant::now();
    for step in &steps {
        let at = Instant::now();
        match step {
            Step::Command {
                line,
                command,
                output,
            } => {
                if let Some(to) = command.strip_prefix("cd ") {
                    dir = dir.join(to.trim());
                    assert!(
                        dir.is_dir(),
                        "docs/src/tutorial.md:{line}: `$ {command}`: no directory {}",
                        dir.display()
                    );
                    continue;
                }
                let out = user_command("bash", &dir)
                    .args(["-c", command])
                    .output()
                    .unwrap();
                let printed = format!(
                    "{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                assert!(
                    out.status.success(),
                    "docs/src/tutorial.md:{line}: `$ {command}` failed ({}):\n{printed}",
                    out.status
                );
                if let Some(want) = missing_line(&printed, output) {
                    panic!(
                        "docs/src/tutorial.md:{line}: `$ {command}` did not print `{want}` (in the order the tutorial shows):\n{printed}"
                    );
                }
            }
            Step::File { line, path, text } => {
                let to = dir.join(path);
                assert!(
                    to.is_file(),
                    "docs/src/tutorial.md:{line}: the block replaces {path}, which the steps before it did not write"
                );
                std::fs::write(&to, text).unwrap();
            }
        }
        eprintln!(
            "tutorial: {:>6.1} s  {}",
            at.elapsed().as_secs_f64(),
            describe(step)
        );
    }
    eprintln!("tutorial: {:.1} s in all", started.elapsed().as_secs_f64());
}

fn describe(step: &Step) -> String {
    match step {
        Step::Command { line, command, .. } => format!("line {line}: $ {command}"),
        Step::File { line, path, .. } => format!("line {line}: file {path}"),
    }
}

#[test]
fn the_steps_are_read_from_console_and_file_blocks() {
    let page = "\
Text.

```console
$ kube-codegen init shop
  wrote   shop/src/main.rs
...
  create  shop/config/rbac/role.yaml
$ cd shop
```

```sh
make run
```

<!-- file: src/lib.rs -->
```rust
fn main() {}
```
";
    assert_eq!(
        steps(page).unwrap(),
        [
            Step::Command {
                line: 4,
                command: "kube-codegen init shop".to_owned(),
                output: vec![
                    "wrote   shop/src/main.rs".to_owned(),
                    "create  shop/config/rbac/role.yaml".to_owned()
                ],
            },
            Step::Command {
                line: 8,
                command: "cd shop".to_owned(),
                output: vec![],
            },
            Step::File {
                line: 16,
                path: "src/lib.rs".to_owned(),
                text: "fn main() {}\n".to_owned(),
            },
        ]
    );
    assert_eq!(
        steps("<!-- file: a.rs -->\nSome text.\n").unwrap_err(),
        "line 1: `<!-- file: a.rs -->` is followed by text at line 2, not by a fenced block"
    );
    assert_eq!(
        steps("```console\n$ ls\n").unwrap_err(),
        "line 1: the block opened here is never closed"
    );
    let expected = ["b".to_owned(), "d".to_owned()];
    assert_eq!(missing_line("a\nb\nc\nd\n", &expected), None);
    assert_eq!(missing_line("d\nb\n", &expected), Some("d"));
}
