//! What the input says about converting a kind between its versions: the
//! `+kubebuilder:conversion:strategy` and `+kubebuilder:conversion:webhook`
//! markers of a kind, and the user's `impl From<A> for B` / `impl TryFrom<A>
//! for B` between API types of two versions.

use syn::spanned::Spanned;

use super::context::FileCx;
use super::marker_registry::MarkerId as M;
use super::markers::Marker;
use crate::model::{Conversion, ConversionImpl, TypeRef, WebhookClient};

/// The conversion a kind's markers declare, if any.
pub(crate) fn kind_conversion(
    cx: &mut FileCx<'_>,
    name: &str,
    markers: &[Marker],
) -> Option<Conversion> {
    let strategy = markers
        .iter()
        .rev()
        .find(|m| m.id() == M::ConversionStrategy);
    let webhook = markers
        .iter()
        .rev()
        .find(|m| m.id() == M::ConversionWebhook);
    let Some(strategy) = strategy else {
        if let Some(m) = webhook {
            cx.push(
                m.error(format!(
                    "`{}` has no effect without a conversion strategy",
                    m.name()
                ))
                .with_help(format!(
                    "add `// +kubebuilder:conversion:strategy=Webhook` above `{name}`"
                )),
            );
        }
        return None;
    };
    Some(Conversion {
        client: webhook.and_then(|m| webhook_client(cx, m)),
        location: strategy.location.clone(),
    })
}

/// `service=<namespace>/<name>[,path=/convert][,port=8443]` or `url=https://...`.
fn webhook_client(cx: &mut FileCx<'_>, m: &Marker) -> Option<WebhookClient> {
    let service = m.arg_str("service");
    let url = m.arg_str("url");
    let path = m.arg_str("path");
    let port = m.arg("port").and_then(|a| a.value.as_i64());
    match (service, url) {
        (Some(_), Some(_)) => {
            cx.push(
                m.arg_error(
                    "url",
                    "a conversion webhook has either `service=` or `url=`, not both",
                )
                .with_help("use `service=<namespace>/<name>` for a webhook in the cluster"),
            );
            None
        }
        (None, None) => {
            cx.push(
                m.error(format!("`{}` needs `service=` or `url=`", m.name()))
                    .with_help(
                        "write `service=<namespace>/<name>` (and optionally `path=` and \
                         `port=`), or `url=https://host:port/path`",
                    ),
            );
            None
        }
        (None, Some(url)) => {
            for key in ["path", "port"] {
                if m.arg(key).is_some() {
                    cx.push(
                        m.arg_error(
                            key,
                            format!(
                                "`{key}=` belongs to `service=`; a `url=` holds the whole address"
                            ),
                        )
                        .with_help("write the port and path into the URL"),
                    );
                }
            }
            match check_url(url) {
                Ok(()) => Some(WebhookClient::Url(url.to_owned())),
                Err(why) => {
                    cx.push(m.arg_error("url", format!("`{url}` {why}")).with_help(
                        "the API server calls webhooks at `https://host[:port][/path]` \
                         (no user, query or fragment)",
                    ));
                    None
                }
            }
        }
        (Some(service), None) => {
            let client = service_client(service, path, port);
            if let Err((key, message, help)) = &client {
                cx.push(m.arg_error(key, message.clone()).with_help(help.clone()));
            }
            client.ok()
        }
    }
}

/// Why a `url=` would be refused by the API server, if it would.
pub use crate::webhook::client::check_url;

/// A service reference; on error `(argument, message, help)`.
pub fn service_client(
    service: &str,
    path: Option<&str>,
    port: Option<i64>,
) -> Result<WebhookClient, (&'static str, String, String)> {
    let Some((namespace, name)) = service.split_once('/') else {
        return Err((
            "service",
            format!("`{service}` is not `<namespace>/<name>`"),
            "write the service's namespace and name, such as `service=system/webhook-service`"
                .to_owned(),
        ));
    };
    for part in [namespace, name] {
        if !is_dns_label(part) {
            return Err((
                "service",
                format!("`{part}` is not a valid namespace or service name"),
                "names are at most 63 lower-case letters, digits and `-`, starting and ending \
                 with a letter or digit"
                    .to_owned(),
            ));
        }
    }
    if let Some(Err(why)) = path.map(crate::webhook::client::check_path) {
        return Err((
            "path",
            why,
            "write the URL path of the webhook, `/` and segments of lowercase letters, \
             digits, `-` and `.`, such as `path=/convert`"
                .to_owned(),
        ));
    }
    let port = match port {
        Some(p) => match i32::try_from(p).ok().filter(|p| (1..=65535).contains(p)) {
            Some(p) => Some(p),
            None => {
                return Err((
                    "port",
                    format!("`{p}` is not a port"),
                    "a port is between 1 and 65535".to_owned(),
                ));
            }
        },
        None => None,
    };
    Ok(WebhookClient::Service {
        namespace: namespace.to_owned(),
        name: name.to_owned(),
        path: path.map(str::to_owned),
        port,
    })
}

fn is_dns_label(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 63
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !s.starts_with('-')
        && !s.ends_with('-')
}

/// `impl From<A> for B` or `impl TryFrom<A> for B` (by either path of the std
/// traits) between two types of version modules of this input, resolved
/// through the file's `use` items; anything else is `None`.
pub(crate) fn conversion_impl(cx: &FileCx<'_>, item: &syn::ItemImpl) -> Option<ConversionImpl> {
    let (_, trait_path, _) = item.trait_.as_ref()?;
    if !item.generics.params.is_empty() {
        return None;
    }
    let last = trait_path.segments.last()?;
    let fallible = match last.ident.to_string().as_str() {
        "From" => false,
        "TryFrom" => true,
        _ => return None,
    };
    let prefix: Vec<String> = trait_path
        .segments
        .iter()
        .take(trait_path.segments.len() - 1)
        .map(|s| s.ident.to_string())
        .collect();
    let std_path = matches!(
        prefix
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice(),
        [] | ["std" | "core", "convert"]
    );
    if !std_path {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    let [syn::GenericArgument::Type(from)] = args.args.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    Some(ConversionImpl {
        from: type_ref(cx, from)?,
        to: type_ref(cx, &item.self_ty)?,
        fallible,
        location: cx.span(item.impl_token.span()).0,
    })
}

/// The version-module type a written type names: `CronTab` (this version),
/// `super::super::v1::CronTab`, `crate::batch::v1::CronTab`, or a `use`d name.
fn type_ref(cx: &FileCx<'_>, ty: &syn::Type) -> Option<TypeRef> {
    let syn::Type::Path(p) = ty else { return None };
    if p.qself.is_some() || p.path.segments.iter().any(|s| !s.arguments.is_empty()) {
        return None;
    }
    let written: Vec<String> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let here = &cx.version;
    let local = |name: &str| TypeRef {
        group_module: here.group_module.clone(),
        version_module: here.version_module.clone(),
        name: name.to_owned(),
    };
    if let [name] = written.as_slice()
        && here.locals.contains_key(name)
        && !cx.uses.is_imported(name)
    {
        return Some(local(name));
    }
    let full = if p.path.leading_colon.is_some() {
        written
    } else {
        cx.uses.expand(&written)
    };
    let parts: Vec<&str> = full.iter().map(String::as_str).collect();
    // The file is a module inside the version module: `super::X` is a type
    // of this version, `super::super::v1::X` one of a sibling version.
    match parts.as_slice() {
        ["super", name] => Some(local(name)),
        ["super", "super", version, name] => Some(TypeRef {
            group_module: here.group_module.clone(),
            version_module: (*version).to_owned(),
            name: (*name).to_owned(),
        }),
        ["crate", group, version, name] => Some(TypeRef {
            group_module: (*group).to_owned(),
            version_module: (*version).to_owned(),
            name: (*name).to_owned(),
        }),
        _ => None,
    }
}
