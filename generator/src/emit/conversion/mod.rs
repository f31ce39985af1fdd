//! The conversion emitter: for kinds with `+kubebuilder:conversion:strategy=Webhook`,
//! `src/conversion/mod.rs` with `conversions()` (every converted kind, hub and
//! spokes, for `kube-codegen-conversion`'s webhook) and `src/conversion/<group>.rs`
//! with the `From`/`TryFrom` impls between the versions' types that nobody
//! wrote by hand (see [`plan`] for which those are). Nothing for an API
//! without converted kinds, whose generated crate then needs no
//! `kube-codegen-conversion`.

mod plan;

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::diag::Diagnostic;
use crate::emit::{EmitOptions, GeneratedFile};
use crate::model::{Api, TypeRef};
use plan::{Body, Convert, FieldSource, Generated, VariantBody};
use proc_macro2::Span;

/// A generated pair: `(from, to)` and how.
type PairRef<'a> = (&'a (TypeRef, TypeRef), &'a Generated);

/// The crate generated conversion code stands on.
pub const RUNTIME_CRATE: &str = "kube_codegen_conversion";

/// The pairs of types of kinds converted by a webhook that differ and that
/// nobody converts (what [`emit_conversions`] would refuse), without writing
/// anything: for reporting them with the other errors of a run.
pub fn check_conversions(api: &Api) -> Vec<Diagnostic> {
    plan::plan(api).errors
}

/// Whether the code generated for `api` has a `conversion` module (a kind
/// converts between versions by webhook), which needs the conversion crate.
pub fn converts(api: &Api) -> bool {
    !plan::plan(api).kinds.is_empty()
}

/// The conversion files, or the pairs of types that differ and that nobody converts.
pub fn emit_conversions(
    api: &Api,
    opts: &EmitOptions,
) -> Result<Vec<GeneratedFile>, Vec<Diagnostic>> {
    let plan = plan::plan(api);
    if !plan.errors.is_empty() {
        return Err(plan.errors);
    }
    if plan.kinds.is_empty() {
        return Ok(Vec::new());
    }
    let mut by_group: BTreeMap<&str, Vec<PairRef<'_>>> = BTreeMap::new();
    for (pair, generated) in &plan.generated {
        by_group
            .entry(&pair.0.group_module)
            .or_default()
            .push((pair, generated));
    }
    let fallible = |a: &TypeRef, b: &TypeRef| plan.is_fallible(a, b);
    let mut files: Vec<GeneratedFile> = by_group
        .iter()
        .map(|(group, pairs)| group_file(group, pairs, &fallible))
        .collect();
    // A group's conversions exist with its cargo feature.
    let cfg = |module: &str| {
        api.groups
            .iter()
            .find(|g| g.module == module)
            .filter(|_| opts.cargo_features)
            .map(|g| {
                let feature = crate::emit::features::group_feature(g);
                quote!(#[cfg(feature = #feature)])
            })
    };
    let modules = by_group.keys().map(|g| {
        let gate = cfg(g);
        let g = ident(g);
        quote!(#gate mod #g;)
    });
    let registrations = plan.kinds.iter().map(|k| {
        let hub = path(&TypeRef {
            group_module: k.group.module.clone(),
            version_module: k.hub.module.clone(),
            name: k.kind.to_owned(),
        });
        let spokes = k.spokes.iter().map(|v| {
            let spoke = path(&TypeRef {
                group_module: k.group.module.clone(),
                version_module: v.module.clone(),
                name: k.kind.to_owned(),
            });
            quote!(.spoke::<#spoke>())
        });
        let gate = cfg(&k.group.module);
        quote!(#gate conversions.kind::<#hub>() #(#spokes)*;)
    });
    let kinds_doc = plan
        .kinds
        .iter()
        .map(|k| {
            let spokes: Vec<&str> = k.spokes.iter().map(|v| v.name.as_str()).collect();
            format!(
                " - `{}` of `{}`: hub {}, spokes {}",
                k.kind,
                k.group.name,
                k.hub.name,
                spokes.join(", ")
            )
        })
        .collect::<Vec<_>>();
    let runtime = format_ident!("{RUNTIME_CRATE}");
    // Features that leave out every group with converted kinds leave nothing to register.
    let allow_unused_mut = opts.cargo_features.then(|| quote!(#[allow(unused_mut)]));
    files.push(GeneratedFile::tokens(
        "src/conversion/mod.rs",
        quote! {
            #![doc = " Conversion between the versions of each kind marked"]
            #![doc = " `+kubebuilder:conversion:strategy=Webhook`, hub (the storage version) and"]
            #![doc = " spoke: the `From`/`TryFrom` impls kube-codegen writes where the versions'"]
            #![doc = " types agree (the others are the API's own), and [`conversions`], which"]
            #![doc = " registers every converted kind for the conversion webhook of"]
            #![doc = " `kube-codegen-conversion`."]
            #![doc = ""]
            #(#![doc = #kinds_doc])*

            #(#modules)*

            /// Every converted kind with its hub and spokes, for a conversion webhook server (`kube_codegen_manager::Manager::conversions`).
            pub fn conversions() -> #runtime::Conversions {
                #allow_unused_mut
                let mut conversions = #runtime::Conversions::new();
                #(#registrations)*
                conversions
            }
        },
    ));
    Ok(files)
}

/// An identifier token, raw (`r#type`) when the name is a keyword.
fn ident(name: &str) -> proc_macro2::Ident {
    let text = crate::emit::rust_type::ident(name);
    match text.strip_prefix("r#") {
        Some(raw) => proc_macro2::Ident::new_raw(raw, Span::call_site()),
        None => proc_macro2::Ident::new(&text, Span::call_site()),
    }
}

fn ident_tokens(name: &str) -> TokenStream {
    let ident = ident(name);
    quote!(#ident)
}

/// `crate::apis::<group>::<version>::<Name>`.
fn path(r: &TypeRef) -> TokenStream {
    let (g, v, n) = (
        ident(&r.group_module),
        ident(&r.version_module),
        ident(&r.name),
    );
    quote!(crate::apis::#g::#v::#n)
}

/// `v1::Name`, with the group's versions imported.
fn short(r: &TypeRef) -> TokenStream {
    let (v, n) = (ident(&r.version_module), ident(&r.name));
    quote!(#v::#n)
}

fn group_file(
    group: &str,
    pairs: &[(&(TypeRef, TypeRef), &Generated)],
    fallible: &Fallible<'_>,
) -> GeneratedFile {
    let versions: BTreeSet<String> = pairs
        .iter()
        .flat_map(|((a, b), _)| [a.version_module.clone(), b.version_module.clone()])
        .collect();
    let version_idents = versions.iter().map(|v| ident(v));
    let group_ident = ident(group);
    let impls = pairs
        .iter()
        .map(|((from, to), g)| pair_impl(from, to, g, fallible));
    let doc = format!(
        " Conversions between the versions of the `{group}` types that kube-codegen writes."
    );
    GeneratedFile::tokens(
        format!("src/conversion/{group}.rs"),
        quote! {
            #![doc = #doc]

            use crate::apis::#group_ident::{#(#version_idents),*};

            #(#impls)*
        },
    )
}

/// Which pairs convert with `TryFrom`.
type Fallible<'a> = dyn Fn(&TypeRef, &TypeRef) -> bool + 'a;

fn pair_impl(from: &TypeRef, to: &TypeRef, g: &Generated, fallible: &Fallible<'_>) -> TokenStream {
    let (a, b) = (short(from), short(to));
    let cx = Cx { fallible };
    let body = match &g.body {
        Body::Struct(fields) => {
            let fields = cx.fields(fields, |field| quote!(value.#field));
            quote!(Self { #(#fields),* })
        }
        Body::Enum(arms) => {
            let arms = arms.iter().map(|(x, y, data)| {
                let (x, y) = (ident(x), ident(y));
                match data {
                    VariantBody::Unit => quote!(#a::#x => Self::#y),
                    VariantBody::Newtype(c) => {
                        let inner = cx.expr(c, quote!(inner), 0);
                        quote!(#a::#x(inner) => Self::#y(#inner))
                    }
                    VariantBody::Struct(fields) => {
                        // The source's fields are bound by their names.
                        let bound = fields.iter().filter_map(|(_, source)| match source {
                            FieldSource::Field(name, _) => Some(ident(name)),
                            FieldSource::Default => None,
                        });
                        let values = fields.iter().map(|(target, source)| match source {
                            // `url: url` is written `url`.
                            FieldSource::Field(name, Convert::Move) if name == target => {
                                ident_tokens(name)
                            }
                            _ => cx.field(target, source, |field| quote!(#field)),
                        });
                        quote!(#a::#x { #(#bound,)* .. } => Self::#y { #(#values),* })
                    }
                }
            });
            quote!(match value { #(#arms),* })
        }
        Body::Newtype(c) => {
            let inner = cx.expr(c, quote!(value.0), 0);
            quote!(Self(#inner))
        }
    };
    let runtime = format_ident!("{RUNTIME_CRATE}");
    if g.fallible {
        quote! {
            impl TryFrom<#a> for #b {
                type Error = #runtime::BoxError;

                fn try_from(value: #a) -> Result<Self, Self::Error> {
                    Ok(#body)
                }
            }
        }
    } else {
        quote! {
            impl From<#a> for #b {
                fn from(value: #a) -> Self {
                    #body
                }
            }
        }
    }
}

/// Writes conversion expressions. Infallible conversions call `From`;
/// fallible ones `TryFrom` with `?`, inside closures that return a `Result`
/// where they sit below a container.
struct Cx<'a> {
    fallible: &'a Fallible<'a>,
}

impl Cx<'_> {
    /// `target: value` for each of a struct's fields, reading a source field
    /// through `input`.
    fn fields<'f>(
        &'f self,
        fields: &'f [(String, FieldSource)],
        input: impl Fn(&proc_macro2::Ident) -> TokenStream + 'f,
    ) -> impl Iterator<Item = TokenStream> + 'f {
        fields
            .iter()
            .map(move |(target, source)| self.field(target, source, &input))
    }

    /// `target: value`, reading the source field through `input`.
    fn field(
        &self,
        target: &str,
        source: &FieldSource,
        input: impl Fn(&proc_macro2::Ident) -> TokenStream,
    ) -> TokenStream {
        let target = ident(target);
        let value = match source {
            FieldSource::Field(name, c) => self.expr(c, input(&ident(name)), 0),
            FieldSource::Default => quote!(Default::default()),
        };
        quote!(#target: #value)
    }

    fn can_fail(&self, c: &Convert) -> bool {
        match c {
            Convert::Move => false,
            Convert::Pair(a, b) => (self.fallible)(a, b),
            Convert::Option(x)
            | Convert::Vec(x)
            | Convert::Map(x)
            | Convert::Boxed(x)
            | Convert::Array(x) => self.can_fail(x),
        }
    }

    /// The expression converting `input` by `c`.
    fn expr(&self, c: &Convert, input: TokenStream, depth: usize) -> TokenStream {
        let v = format_ident!("v{depth}");
        let fails = self.can_fail(c);
        let result = quote!(Result<_, kube_codegen_conversion::BoxError>);
        let ok = quote!(Ok);
        // `T::from` / `T::try_from` for an element that is a pair, else a closure.
        let element = |inner: &Convert| -> TokenStream {
            match inner {
                Convert::Pair(_, to) => {
                    let to = short(to);
                    if fails {
                        quote!(#to::try_from)
                    } else {
                        quote!(#to::from)
                    }
                }
                other => {
                    let body = self.expr(other, quote!(#v), depth + 1);
                    if fails {
                        quote!(|#v| -> #result { #ok(#body) })
                    } else {
                        quote!(|#v| #body)
                    }
                }
            }
        };
        match c {
            Convert::Move => input,
            Convert::Pair(_, to) => {
                let to = short(to);
                if fails {
                    quote!(#to::try_from(#input)?)
                } else {
                    quote!(#to::from(#input))
                }
            }
            Convert::Option(inner) => {
                let f = element(inner);
                if fails {
                    quote!(#input.map(#f).transpose()?)
                } else {
                    quote!(#input.map(#f))
                }
            }
            Convert::Vec(inner) => {
                let f = element(inner);
                if fails {
                    quote!(#input.into_iter().map(#f).collect::<Result<_, _>>()?)
                } else {
                    quote!(#input.into_iter().map(#f).collect())
                }
            }
            Convert::Array(inner) => {
                let f = element(inner);
                if fails {
                    quote! {
                        #input
                            .into_iter()
                            .map(#f)
                            .collect::<Result<Vec<_>, _>>()?
                            .try_into()
                            .map_err(|_| "an array changed its length")?
                    }
                } else {
                    quote!(#input.map(#f))
                }
            }
            Convert::Map(inner) => {
                let body = self.expr(inner, quote!(#v), depth + 1);
                if fails {
                    quote!(#input.into_iter().map(|(k, #v)| -> #result { #ok((k, #body)) }).collect::<Result<_, _>>()?)
                } else {
                    quote!(#input.into_iter().map(|(k, #v)| (k, #body)).collect())
                }
            }
            Convert::Boxed(inner) => {
                let body = self.expr(inner, quote!(*#input), depth + 1);
                quote!(Box::new(#body))
            }
        }
    }
}
