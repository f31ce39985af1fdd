//! The methods of a typed client: one per standard verb the markers allow and one
//! per `+genclient:method=`, each with its trait signature, its body on the real
//! client (over `kube::Api`) and its body on the fake client (over the tracker).

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::names::{ClientKind, method_ident};
use crate::model::{CustomMethod, Verb};

/// One client method.
pub(crate) struct Method {
    pub(crate) doc: String,
    pub(crate) name: Ident,
    /// `<P: ...>` or empty.
    pub(crate) generics: TokenStream,
    /// The parameters after `&self`, with their leading comma.
    pub(crate) params: TokenStream,
    /// The `T` of `Result<T>`.
    pub(crate) output: TokenStream,
    /// Body on the real client (`self.api: kube::Api<K>`).
    pub(crate) real: TokenStream,
    /// Body on the fake client (`self.resource: FakeResource<K>`).
    pub(crate) fake: TokenStream,
    /// The real body uses `futures::StreamExt`.
    pub(crate) uses_stream_ext: bool,
}

fn patch_generics() -> TokenStream {
    quote!(<P: serde::Serialize + std::fmt::Debug + Send + Sync>)
}

/// `a \`Cluster\`` / `an \`App\``.
fn a(name: &str) -> String {
    let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} `{name}`")
}

fn standard(kind: &ClientKind<'_>, verb: Verb) -> Method {
    let k = kind.type_ref();
    let kind_name = kind.name();
    let a_kind = a(kind_name);
    let obj = kind.param();
    let mut uses_stream_ext = false;
    let (doc, params, output, real, fake) = match verb {
        Verb::Create => (
            format!(
                "Creates {a_kind}. The server fills in uid, resourceVersion, generation and creationTimestamp (and `generateName`); fails with `AlreadyExists` if the name is taken, `Invalid` if the object does not validate."
            ),
            quote!(, pp: &PostParams, #obj: &#k),
            quote!(#k),
            quote!(Ok(self.api.create(pp, #obj).await?)),
            quote!(self.resource.create(pp, #obj)),
        ),
        Verb::Update => (
            format!(
                "Replaces {a_kind} (named by its `metadata.name`). `metadata.resourceVersion` must be the stored one: a stale version fails with `Conflict`. Changes to `status` are ignored when the kind has a status subresource (use `update_status`)."
            ),
            quote!(, pp: &PostParams, #obj: &#k),
            quote!(#k),
            quote! {
                let name = crate::clientset::params::object_name(#obj)?;
                Ok(self.api.replace(name, pp, #obj).await?)
            },
            quote!(self.resource.update(pp, #obj)),
        ),
        Verb::UpdateStatus => (
            format!(
                "Replaces the `status` of {a_kind} through the status subresource; every other change is ignored. Same resourceVersion rules as `update`."
            ),
            quote!(, pp: &PostParams, #obj: &#k),
            quote!(#k),
            quote! {
                let name = crate::clientset::params::object_name(#obj)?;
                Ok(self.api.replace_status(name, pp, #obj).await?)
            },
            quote!(self.resource.update_status(pp, #obj)),
        ),
        Verb::Delete => (
            format!(
                "Deletes {a_kind} by name. While finalizers remain, the object stays with `metadata.deletionTimestamp` set. Fails with `NotFound` if it does not exist, `Conflict` if a precondition fails."
            ),
            quote!(, name: &str, dp: &DeleteParams),
            quote!(DeleteResponse<#k>),
            quote! {
                Ok(self
                    .api
                    .delete(name, dp)
                    .await?
                    .either(DeleteResponse::Object, DeleteResponse::from_status))
            },
            quote!(self.resource.delete(name, dp)),
        ),
        Verb::DeleteCollection => (
            format!("Deletes every `{kind_name}` the list parameters select."),
            quote!(, dp: &DeleteParams, lp: &ListParams),
            quote!(DeleteResponse<ObjectList<#k>>),
            quote! {
                Ok(self
                    .api
                    .delete_collection(dp, lp)
                    .await?
                    .either(DeleteResponse::Object, DeleteResponse::from_status))
            },
            quote!(self.resource.delete_collection(dp, lp)),
        ),
        Verb::Get => (
            format!("Reads {a_kind} by name; `NotFound` if it does not exist."),
            quote!(, name: &str),
            quote!(#k),
            quote!(Ok(self.api.get(name).await?)),
            quote!(self.resource.get(name)),
        ),
        Verb::List => (
            format!(
                "Lists `{kind_name}` objects, filtered by the label and field selectors of `lp`."
            ),
            quote!(, lp: &ListParams),
            quote!(ObjectList<#k>),
            quote!(Ok(self.api.list(lp).await?)),
            quote!(self.resource.list(lp)),
        ),
        Verb::Watch => {
            uses_stream_ext = true;
            (
                format!(
                    "Watches `{kind_name}` objects: from `resource_version` (`\"0\"` or `\"\"` starts with an `Added` event per existing object), until the watch times out. A too old version yields an `Error` event with code 410."
                ),
                quote!(, wp: &WatchParams, resource_version: &str),
                quote!(WatchStream<#k>),
                quote! {
                    let events = self.api.watch(wp, resource_version).await?;
                    Ok(events.map(|event| event.map_err(Error::from)).boxed())
                },
                quote!(self.resource.watch(wp, resource_version)),
            )
        }
        Verb::Patch => (
            format!(
                "Patches {a_kind} (JSON merge, JSON patch or apply; custom resources do not accept strategic merge patches). Changes to `status` are ignored when the kind has a status subresource."
            ),
            quote!(, name: &str, pp: &PatchParams, patch: &Patch<P>),
            quote!(#k),
            quote!(Ok(self.api.patch(name, pp, patch).await?)),
            quote!(self.resource.patch(name, pp, patch)),
        ),
        Verb::PatchStatus => (
            format!("Patches the `status` of {a_kind} through the status subresource."),
            quote!(, name: &str, pp: &PatchParams, patch: &Patch<P>),
            quote!(#k),
            quote!(Ok(self.api.patch_status(name, pp, patch).await?)),
            quote!(self.resource.patch_status(name, pp, patch)),
        ),
        Verb::Apply => (
            format!(
                "Server-side applies `config` (a partial `{kind_name}`, e.g. a `serde_json::Value` with `apiVersion`, `kind`, `metadata.name` and the fields you own) as `params.field_manager`; creates the object if it does not exist."
            ),
            quote!(, name: &str, config: &P, params: &ApplyParams),
            quote!(#k),
            quote!(Ok(self
                .api
                .patch(name, &params.to_patch_params(), &Patch::Apply(config))
                .await?)),
            quote!(self.resource.apply(name, config, params)),
        ),
        Verb::ApplyStatus => (
            format!(
                "Server-side applies `config` to the `status` of {a_kind} as `params.field_manager`."
            ),
            quote!(, name: &str, config: &P, params: &ApplyParams),
            quote!(#k),
            quote!(Ok(self
                .api
                .patch_status(name, &params.to_patch_params(), &Patch::Apply(config))
                .await?)),
            quote!(self.resource.apply_status(name, config, params)),
        ),
    };
    let generics = match verb {
        Verb::Patch | Verb::PatchStatus | Verb::Apply | Verb::ApplyStatus => patch_generics(),
        _ => TokenStream::new(),
    };
    Method {
        doc,
        name: format_ident!("{}", verb_method_name(verb)),
        generics,
        params,
        output,
        real,
        fake,
        uses_stream_ext,
    }
}

fn verb_method_name(verb: Verb) -> &'static str {
    match verb {
        Verb::Create => "create",
        Verb::Update => "update",
        Verb::UpdateStatus => "update_status",
        Verb::Delete => "delete",
        Verb::DeleteCollection => "delete_collection",
        Verb::Get => "get",
        Verb::List => "list",
        Verb::Watch => "watch",
        Verb::Patch => "patch",
        Verb::PatchStatus => "patch_status",
        Verb::Apply => "apply",
        Verb::ApplyStatus => "apply_status",
    }
}

fn custom(kind: &ClientKind<'_>, method: &CustomMethod) -> Method {
    let input = kind.method_type(method.input.as_deref());
    let same_type = method.input.is_none() && method.result.is_none();
    let result = match (method.verb.as_str(), method.result.as_deref()) {
        ("list", None) => {
            let k = kind.type_ref();
            quote!(ObjectList<#k>)
        }
        (_, result) => kind.method_type(result),
    };
    let sub = match &method.subresource {
        Some(s) => quote!(Some(#s)),
        None => quote!(None),
    };
    let target = match &method.subresource {
        Some(s) => format!("the `{s}` subresource of {}", a(kind.name())),
        None => a(kind.name()),
    };
    let raw = quote!(RawClient::for_api(&self.api));
    let mut generics = TokenStream::new();
    let (doc, params, output, real, fake) = match method.verb.as_str() {
        "get" => (
            format!("Reads {target} (`+genclient:method={}`).", method.name),
            quote!(, name: &str),
            result.clone(),
            quote!(#raw.get(name, #sub).await),
            quote!(self.resource.custom_get(name, #sub, #same_type)),
        ),
        "list" => (
            format!(
                "Lists `{}` objects (`+genclient:method={}`).",
                kind.name(),
                method.name
            ),
            quote!(, lp: &ListParams),
            result.clone(),
            quote!(#raw.list(lp).await),
            quote!(self.resource.custom_list(lp)),
        ),
        "create" if method.subresource.is_some() => (
            format!("Creates {target} (`+genclient:method={}`).", method.name),
            quote!(, name: &str, pp: &PostParams, input: &#input),
            result.clone(),
            quote!(#raw.create(name, #sub, pp, input).await),
            quote!(self.resource.custom_create(name, #sub, pp, input, #same_type)),
        ),
        "create" => (
            format!("Creates {target} (`+genclient:method={}`).", method.name),
            quote!(, pp: &PostParams, input: &#input),
            result.clone(),
            quote!(#raw.create("", None, pp, input).await),
            quote!(self.resource.custom_create("", None, pp, input, #same_type)),
        ),
        "patch" => {
            generics = patch_generics();
            (
                format!("Patches {target} (`+genclient:method={}`).", method.name),
                quote!(, name: &str, pp: &PatchParams, patch: &Patch<P>),
                result.clone(),
                quote!(#raw.patch(name, #sub, pp, patch).await),
                quote!(self.resource.custom_patch(name, #sub, pp, patch, #same_type)),
            )
        }
        "apply" => (
            format!(
                "Server-side applies to {target} (`+genclient:method={}`).",
                method.name
            ),
            quote!(, name: &str, input: &#input, params: &ApplyParams),
            result.clone(),
            quote!(#raw.apply(name, #sub, params, input).await),
            quote!(self.resource.custom_apply(name, #sub, params, input, #same_type)),
        ),
        "delete" => (
            format!("Deletes {target} (`+genclient:method={}`).", method.name),
            quote!(, name: &str, dp: &DeleteParams),
            quote!(DeleteResponse<#result>),
            quote!(#raw.delete(name, #sub, dp).await),
            quote!(self.resource.custom_delete(name, #sub, dp, #same_type)),
        ),
        // `update`, and any verb validation let through, is a PUT.
        _ => (
            format!("Replaces {target} (`+genclient:method={}`).", method.name),
            quote!(, name: &str, pp: &PostParams, input: &#input),
            result.clone(),
            quote!(#raw.update(name, #sub, pp, input).await),
            quote!(self.resource.custom_update(name, #sub, pp, input, #same_type)),
        ),
    };
    Method {
        doc,
        name: method_ident(method),
        generics,
        params,
        output,
        real,
        fake,
        uses_stream_ext: false,
    }
}

/// Every method of the kind's client: standard verbs, then custom methods.
pub(crate) fn methods(kind: &ClientKind<'_>) -> Vec<Method> {
    kind.verbs()
        .into_iter()
        .map(|verb| standard(kind, verb))
        .chain(kind.client.methods.iter().map(|m| custom(kind, m)))
        .collect()
}
