//! The user guide's command-line reference (`docs/src/reference/cli.md`),
//! made from the clap definition of [`crate::cli::Cli`]: every command and
//! subcommand with its help, usage, arguments and options, so that the page
//! and `--help` cannot drift apart (`the_cli_reference_is_claps` compares
//! them).

use clap::{Arg, ArgAction, Command, CommandFactory};

use crate::cli::Cli;

/// The command-line reference, in Markdown.
pub fn cli_reference() -> String {
    let mut root = Cli::command();
    root.build();
    let mut out = String::from(
        "# Command line\n\
         \n\
         <!-- Made by `kube_codegen_cli::docs::cli_reference()` from the clap definition \
         (codegen-cli/src/cli.rs): edit the doc comments there, then \
         `KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen-cli --lib docs` rewrites this \
         page. -->\n\n",
    );
    out.push_str(&paragraphs(&long_about(&root)));
    out.push_str(&format!("\n```text\n{}\n```\n", usage(&root)));
    out.push_str("\n| command | what it does |\n|---|---|\n");
    let mut all = Vec::new();
    walk(&root, &mut Vec::new(), &mut all);
    for (path, command) in &all {
        let about = command
            .get_about()
            .map(|a| a.to_string())
            .unwrap_or_default();
        out.push_str(&format!(
            "| [`{path}`](#{}) | {} |\n",
            anchor(path),
            escape(&first_sentence(&about)).replace('|', "\\|")
        ));
    }
    for (path, command) in &all {
        section(&mut out, path, command);
    }
    out
}

/// Every visible command below `command`, with its full name
/// (`kube-codegen crd diff`), depth first.
fn walk(command: &Command, names: &mut Vec<String>, out: &mut Vec<(String, Command)>) {
    for sub in command.get_subcommands() {
        if sub.is_hide_set() || sub.get_name() == "help" {
            continue;
        }
        names.push(sub.get_name().to_owned());
        out.push((format!("kube-codegen {}", names.join(" ")), sub.clone()));
        walk(sub, names, out);
        names.pop();
    }
}

/// One command's section: its help, usage, arguments and options.
fn section(out: &mut String, path: &str, command: &Command) {
    out.push_str(&format!("\n## `{path}`\n\n"));
    out.push_str(&paragraphs(&long_about(command)));
    out.push_str(&format!("\n```text\n{}\n```\n", usage(command)));
    let subcommands: Vec<&Command> = command
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
        .collect();
    if !subcommands.is_empty() {
        out.push_str("\nCommands:\n\n");
        for sub in subcommands {
            let name = format!("{path} {}", sub.get_name());
            let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
            out.push_str(&format!(
                "- [`{name}`](#{}): {}\n",
                anchor(&name),
                escape(&first_sentence(&about))
            ));
        }
    }
    let visible: Vec<&Arg> = command
        .get_arguments()
        .filter(|a| !a.is_hide_set() && !matches!(a.get_id().as_str(), "help" | "version"))
        .collect();
    let (positionals, options): (Vec<&Arg>, Vec<&Arg>) =
        visible.into_iter().partition(|a| a.is_positional());
    for (title, args) in [("Arguments", positionals), ("Options", options)] {
        if args.is_empty() {
            continue;
        }
        out.push_str(&format!("\n{title}:\n\n"));
        for arg in args {
            out.push_str(&format!("- `{}`: {}\n", spelling(arg), arg_help(arg)));
        }
    }
}

/// `--input-dir <DIR>`, `-o, --output <FORMAT>`, `<OLD>`.
fn spelling(arg: &Arg) -> String {
    let takes_value = arg.get_action().takes_values();
    let value_name = arg
        .get_value_names()
        .and_then(|names| names.first())
        .map(|n| n.to_string())
        .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
    let optional_value = arg.get_num_args().is_some_and(|n| n.min_values() == 0);
    if arg.is_positional() {
        return format!("<{value_name}>");
    }
    let mut text = String::new();
    if let Some(short) = arg.get_short() {
        text.push_str(&format!("-{short}, "));
    }
    if let Some(long) = arg.get_long() {
        text.push_str(&format!("--{long}"));
    }
    if takes_value {
        if optional_value {
            text.push_str(&format!(" [<{value_name}>]"));
        } else {
            text.push_str(&format!(" <{value_name}>"));
        }
    }
    text
}

/// An argument's long help, then what it takes: its values, its default,
/// whether it is required or repeatable.
fn arg_help(arg: &Arg) -> String {
    let help = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|h| h.to_string())
        .unwrap_or_default();
    let mut text = sentence(&escape(&help.replace("\n\n", " ").replace('\n', " ")));
    let takes_value = arg.get_action().takes_values();
    if takes_value {
        let values: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| format!("`{}`", v.get_name()))
            .collect();
        if !values.is_empty() {
            text.push_str(&format!(" Values: {}.", values.join(", ")));
        }
        let defaults: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .filter(|v| !v.is_empty())
            .map(|v| format!("`{v}`"))
            .collect();
        if !defaults.is_empty() {
            text.push_str(&format!(" Default: {}.", defaults.join(", ")));
        }
    }
    if arg.is_required_set() {
        text.push_str(" Required.");
    }
    if matches!(arg.get_action(), ArgAction::Append)
        && !arg.is_positional()
        && !help.to_lowercase().contains("repeat")
    {
        text.push_str(" Repeatable.");
    }
    text
}

/// A command's long help (its doc comment), else its short one.
fn long_about(command: &Command) -> String {
    command
        .get_long_about()
        .or(command.get_about())
        .map(|a| a.to_string())
        .unwrap_or_default()
}

/// `Usage: kube-codegen generate [OPTIONS]`.
fn usage(command: &Command) -> String {
    command.clone().render_usage().to_string()
}

/// Text of clap's help as Markdown paragraphs.
fn paragraphs(text: &str) -> String {
    text.split("\n\n")
        .map(|p| format!("{}\n", sentence(&escape(&p.replace('\n', " ")))))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` ending with a full stop: clap drops the one of a help's first
/// paragraph.
fn sentence(text: &str) -> String {
    let text = text.trim_end();
    if text.is_empty() || text.ends_with(['.', '!', '?', ':']) {
        text.to_owned()
    } else {
        format!("{text}.")
    }
}

/// The first sentence of a help text (up to a full stop before a capital
/// letter), with its full stop.
fn first_sentence(text: &str) -> String {
    let end = text
        .char_indices()
        .find(|&(i, c)| {
            c == '.' && {
                let mut rest = text[i + 1..].chars();
                rest.next() == Some(' ') && rest.next().is_some_and(char::is_uppercase)
            }
        })
        .map_or(text.len(), |(i, _)| i);
    sentence(&text[..end])
}

/// Help text as Markdown: outside `code`, `<`, `>` and `*` are the
/// characters Markdown would read as HTML or emphasis.
fn escape(text: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in text.chars() {
        match c {
            '`' => {
                in_code = !in_code;
                out.push(c);
            }
            '<' if !in_code => out.push_str("&lt;"),
            '>' if !in_code => out.push_str("&gt;"),
            '*' if !in_code => out.push_str("\\*"),
            _ => out.push(c),
        }
    }
    out
}

/// The anchor mdBook gives a heading `` `kube-codegen crd diff` ``.
fn anchor(path: &str) -> String {
    path.replace(' ', "-")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `docs/src/reference/cli.md` is clap's; with `KUBE_CODEGEN_BLESS=1`
    /// the page is rewritten.
    #[test]
    fn the_cli_reference_is_claps() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/src/reference/cli.md");
        let page = cli_reference();
        if std::env::var("KUBE_CODEGEN_BLESS").is_ok_and(|v| v == "1") {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &page).unwrap();
            return;
        }
        let written = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            written == page,
            "docs/src/reference/cli.md is not the CLI's: \
             KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen-cli --lib docs rewrites it"
        );
    }

    /// Every command is in it, with its usage and each of its flags.
    #[test]
    fn every_command_and_flag_is_in_the_reference() {
        let page = cli_reference();
        for command in [
            "kube-codegen generate",
            "kube-codegen crd diff",
            "kube-codegen create api",
            "kube-codegen create webhook",
            "kube-codegen init",
        ] {
            assert!(page.contains(&format!("\n## `{command}`\n")), "{command}");
            assert!(page.contains(&format!("Usage: {command} ")), "{command}");
        }
        for flag in [
            "- `--input-dir <DIR>`: Directory holding the API modules, `<group>/<version>/mod.rs` each",
            "- `-o, --output <FORMAT>`: ",
            "- `--resource [<BOOL>]`: ",
            "- `<OLD>`: The CRDs before",
            " Values: `crd`, `native`.",
            " Default: `apis/src`.",
        ] {
            assert!(page.contains(flag), "{flag}");
        }
        assert!(!page.contains("--help"), "clap's own flags are left out");
    }

    #[test]
    fn the_table_of_commands_says_the_first_sentence() {
        assert_eq!(
            first_sentence("Check it, e.g. `a`. Prints a diff. Exit status: 0"),
            "Check it, e.g. `a`."
        );
        assert_eq!(
            first_sentence("Scaffold something new"),
            "Scaffold something new."
        );
    }

    #[test]
    fn markdown_is_escaped_outside_code() {
        assert_eq!(
            escape("`NAMESPACE/NAME[:PORT]` or <ref> and `*`, *"),
            "`NAMESPACE/NAME[:PORT]` or &lt;ref&gt; and `*`, \\*"
        );
    }
}
