//! `src/clientset/fake/**`: the in-memory fake clientset. The kind-independent
//! machinery (tracker, actions, reactors, server semantics) is support code; this
//! emits the parts that name the API's kinds: the seed `Object` enum, the fake
//! `Clientset`, and a fake client per group-version and per kind.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::docs::{doc, inner_doc};
use super::imports::imports_for;
use super::methods::methods;
use super::names::{ClientKind, GroupVersion, ident};
use super::typed::impl_items;
use crate::emit::EmitOptions;
use crate::model::{Group, Verb};

/// The module docs of `clientset::fake`, including the list of known differences
/// from the API server.
const FAKE_DOC: &str = include_str!("fake_doc.md");

/// The fake's module docs, with a doc-tested example on the first kind that has
/// `get` (none when no kind has).
fn module_doc(gvs: &[&GroupVersion<'_>], opts: &EmitOptions) -> String {
    let krate = &opts.crate_name;
    let first = gvs
        .iter()
        .flat_map(|gv| gv.kinds.iter().map(move |k| (gv, k)))
        .find(|(_, k)| k.verbs().contains(&Verb::Get));
    let example = match first {
        Some((gv, kind)) => {
            let accessor = gv.accessor();
            let kind_accessor = kind.accessor();
            let args = if kind.kind.namespaced {
                "\"default\""
            } else {
                ""
            };
            let plural = &kind.kind.plural;
            format!(
                "```\n\
                 use {krate}::clientset::fake;\n\
                 use {krate}::clientset::prelude::*;\n\n\
                 # #[tokio::main(flavor = \"current_thread\")]\n\
                 # async fn main() {{\n\
                 let fake = fake::Clientset::default();\n\
                 let client = fake.{accessor}().{kind_accessor}({args});\n\
                 let err = client.get(\"missing\").await.unwrap_err();\n\
                 assert!(err.is_not_found());\n\
                 assert!(fake.actions()[0].matches(\"get\", \"{plural}\"));\n\
                 # }}\n\
                 ```\n"
            )
        }
        None => String::new(),
    };
    FAKE_DOC.replace("{example}", &example)
}

/// `Object::MyappV1App`: the seed enum's variant of a kind.
fn variant(gv: &GroupVersion<'_>, kind: &ClientKind<'_>) -> proc_macro2::Ident {
    format_ident!("{}{}", gv.camel(), kind.name())
}

/// `src/clientset/fake/mod.rs`.
pub(crate) fn root_file(
    groups: &[(&Group, Vec<GroupVersion<'_>>)],
    opts: &EmitOptions,
) -> TokenStream {
    let gvs: Vec<&GroupVersion<'_>> = groups.iter().flat_map(|(_, v)| v.iter()).collect();
    let group_modules = groups.iter().map(|(group, _)| {
        let module = ident(&group.module);
        let doc = doc(&format!("Fake clients of the API group `{}`.", group.name));
        quote! {
            #doc
            pub mod #module;
        }
    });
    let mut variants = Vec::new();
    let mut froms = Vec::new();
    let mut parts = Vec::new();
    let mut impls = Vec::new();
    for gv in &gvs {
        let group = gv.group_module();
        let version = gv.version_module();
        for kind in &gv.kinds {
            let variant = variant(gv, kind);
            let k = kind.type_path();
            let resource = kind.resource_static();
            let doc = doc(&format!("A `{}` of `{}`.", kind.name(), gv.api_version()));
            variants.push(quote! {
                #doc
                #variant(Box<#k>),
            });
            froms.push(quote! {
                impl From<#k> for Object {
                    fn from(object: #k) -> Self {
                        Object::#variant(Box::new(object))
                    }
                }
            });
            parts.push(quote! {
                Object::#variant(object) => (&#group::#version::#resource, serde_json::to_value(&object)),
            });
        }
        let assoc = gv.assoc();
        let accessor = gv.accessor();
        let fake = gv.fake();
        impls.push(quote! {
            type #assoc = #group::#version::#fake;

            fn #accessor(&self) -> #group::#version::#fake {
                #group::#version::#fake::new(self.fixture.clone())
            }
        });
    }

    let module_doc = inner_doc(&module_doc(&gvs, opts));
    quote! {
        #module_doc

        pub mod actions;
        pub mod info;
        mod meta;
        mod patch;
        pub mod resource;
        mod rest;
        mod scale;
        mod selector;
        pub mod tracker;
        mod watch;
        #(#group_modules)*

        pub use actions::{Action, Fixture, PatchType, Reaction, Reactor};
        pub use tracker::ObjectTracker;

        use std::sync::Arc;

        /// Any object the fake clientset can hold, for seeding it:
        /// `Clientset::new(vec![app.into()])`.
        #[derive(Clone, Debug)]
        pub enum Object {
            #(#variants)*
        }

        #(#froms)*

        impl Object {
            /// The resource the object belongs to and its JSON.
            fn into_parts(self) -> (&'static info::ResourceInfo, serde_json::Result<serde_json::Value>) {
                match self {
                    #(#parts)*
                }
            }
        }

        /// The fake clientset: implements [`Interface`](crate::clientset::Interface)
        /// in memory, records every call, and runs reactors first. Clones share
        /// the same objects, actions and reactors.
        #[derive(Clone, Debug, Default)]
        pub struct Clientset {
            fixture: Arc<Fixture>,
        }

        impl Clientset {
            /// A fake clientset holding `objects` (like client-go's
            /// `NewSimpleClientset(objects...)`): they are stored as given, with
            /// uid, creation timestamp, generation and resourceVersion filled in.
            ///
            /// # Panics
            ///
            /// If an object has no name or cannot be serialized.
            pub fn new(objects: Vec<Object>) -> Self {
                objects
                    .into_iter()
                    .fold(Clientset::default(), Clientset::with_object)
            }

            /// Adds an object (builder style); see [`Clientset::new`].
            ///
            /// # Panics
            ///
            /// If the object has no name or cannot be serialized.
            #[must_use]
            pub fn with_object(self, object: impl Into<Object>) -> Self {
                if let Err(e) = self.add_object(object) {
                    panic!("cannot seed the fake clientset: {e}");
                }
                self
            }

            /// Stores an object directly (no action is recorded, no reactor runs),
            /// replacing one with the same name.
            pub fn add_object(&self, object: impl Into<Object>) -> crate::clientset::Result<()> {
                let (info, value) = object.into().into_parts();
                let value = value.map_err(|e| crate::clientset::Error::other(e.to_string()))?;
                rest::seed(self.fixture.tracker(), info, value)?;
                Ok(())
            }

            /// Every call made so far, oldest first.
            pub fn actions(&self) -> Vec<Action> {
                self.fixture.actions()
            }

            /// Forgets the recorded calls.
            pub fn clear_actions(&self) {
                self.fixture.clear_actions()
            }

            /// Runs `react` on calls matching `verb` and `resource` (`"*"` for any,
            /// `"apps/status"` for a subresource) before every reactor added so far.
            /// Returning `Some(Err(e))` injects an error, `Some(Ok(value))` answers
            /// with `value`, `None` passes the call on.
            pub fn prepend_reactor(
                &self,
                verb: &str,
                resource: &str,
                react: impl Fn(&Action) -> Reaction + Send + Sync + 'static,
            ) {
                self.fixture.prepend_reactor(Reactor::new(verb, resource, react))
            }

            /// Like [`Clientset::prepend_reactor`], but runs after the reactors added
            /// so far (still before the tracker).
            pub fn add_reactor(
                &self,
                verb: &str,
                resource: &str,
                react: impl Fn(&Action) -> Reaction + Send + Sync + 'static,
            ) {
                self.fixture.add_reactor(Reactor::new(verb, resource, react))
            }

            /// The object tracker (e.g. to `compact()` it or end all watches).
            pub fn tracker(&self) -> &ObjectTracker {
                self.fixture.tracker()
            }

            /// The shared state behind the fake clients.
            pub fn fixture(&self) -> &Arc<Fixture> {
                &self.fixture
            }
        }

        impl crate::clientset::Interface for Clientset {
            #(#impls)*
        }
    }
}

/// `src/clientset/fake/<group>/mod.rs`.
pub(crate) fn group_file(group: &Group, versions: &[GroupVersion<'_>]) -> TokenStream {
    let module_doc = inner_doc(&format!("Fake clients of the API group `{}`.", group.name));
    let modules = versions.iter().map(|gv| {
        let module = gv.version_module();
        let doc = doc(&format!("Fake clients of `{}`.", gv.api_version()));
        quote! {
            #doc
            pub mod #module;
        }
    });
    quote! {
        #module_doc
        #(#modules)*
    }
}

/// `src/clientset/fake/<group>/<version>/mod.rs`.
pub(crate) fn version_file(gv: &GroupVersion<'_>) -> TokenStream {
    let fake = gv.fake();
    let group = gv.group_module();
    let version = gv.version_module();
    let interface = gv.interface();
    let api_version = gv.api_version();
    let module_doc = inner_doc(&format!("Fake clients of `{api_version}`."));
    let fake_doc = doc(&format!(
        "The fake `{interface}`: hands out fake clients of `{api_version}`."
    ));
    let mut modules = Vec::new();
    let mut impls = Vec::new();
    for kind in &gv.kinds {
        let module = kind.module();
        let fake_client = kind.fake_client();
        let resource = kind.resource_static();
        let kind_client = kind.client();
        let accessor = kind.accessor();
        modules.push(quote! {
            mod #module;
            pub use #module::{#fake_client, #resource};
        });
        let (params, args) = if kind.kind.namespaced {
            (quote!(, namespace: &str), quote!(namespace))
        } else {
            (TokenStream::new(), quote!(""))
        };
        impls.push(quote! {
            type #kind_client = #fake_client;

            fn #accessor(&self #params) -> #fake_client {
                #fake_client::new(self.fixture.clone(), #args)
            }
        });
    }
    let body = quote! {
        #fake_doc
        #[derive(Clone, Debug)]
        pub struct #fake {
            fixture: Arc<Fixture>,
        }

        impl #fake {
            /// Fake clients over the fixture's tracker, actions and reactors.
            pub fn new(fixture: Arc<Fixture>) -> Self {
                #fake { fixture }
            }
        }

        impl crate::clientset::#group::#version::#interface for #fake {
            #(#impls)*
        }
    };
    let imports = imports_for(&body);
    quote! {
        #module_doc

        #(#modules)*

        #imports

        #body
    }
}

/// The `ResourceInfo` initializer of a kind.
fn resource_info(gv: &GroupVersion<'_>, kind: &ClientKind<'_>) -> TokenStream {
    let group = &gv.group.name;
    let version = &gv.version.name;
    let name = kind.name();
    let plural = &kind.kind.plural;
    let namespaced = kind.kind.namespaced;
    let status = kind.kind.status_subresource;
    let scale = match &kind.kind.scale {
        Some(s) => {
            let spec = &s.spec_replicas_path;
            let status = &s.status_replicas_path;
            let selector = match &s.label_selector_path {
                Some(p) => quote!(Some(#p)),
                None => quote!(None),
            };
            quote! {
                Some(ScaleInfo {
                    spec_replicas_path: #spec,
                    status_replicas_path: #status,
                    label_selector_path: #selector,
                })
            }
        }
        None => quote!(None),
    };
    let selectable = kind.kind.selectable_fields.iter();
    quote! {
        ResourceInfo {
            group: #group,
            version: #version,
            kind: #name,
            plural: #plural,
            namespaced: #namespaced,
            status_subresource: #status,
            scale: #scale,
            selectable_fields: &[#(#selectable),*],
        }
    }
}

/// `src/clientset/fake/<group>/<version>/<kind>.rs`.
pub(crate) fn kind_file(gv: &GroupVersion<'_>, kind: &ClientKind<'_>) -> TokenStream {
    let methods = methods(kind);
    let k = kind.type_ref();
    let name = kind.name();
    let fake_client = kind.fake_client();
    let resource = kind.resource_static();
    let group_module = gv.group_module();
    let version_module = gv.version_module();
    let interface = kind.interface();
    let impl_items = impl_items(&methods, |m| &m.fake);
    let info = resource_info(gv, kind);
    let module_doc = inner_doc(&format!("The fake client of `{name}`."));
    let resource_doc = doc(&format!(
        "How the fake serves `{}` of `{}`.",
        kind.kind.plural,
        gv.api_version()
    ));
    let client_doc = doc(&format!("The in-memory `{interface}`."));
    let body = quote! {
        #resource_doc
        pub static #resource: ResourceInfo = #info;

        #client_doc
        #[derive(Clone, Debug)]
        pub struct #fake_client {
            resource: FakeResource<#k>,
        }

        impl #fake_client {
            /// A fake client over the fixture, in `namespace` (`""` for cluster-scoped
            /// kinds or all namespaces).
            pub fn new(fixture: Arc<Fixture>, namespace: &str) -> Self {
                #fake_client {
                    resource: FakeResource::new(fixture, &#resource, namespace),
                }
            }

            /// The generic fake behind this client (e.g. for verbs the markers leave out).
            pub fn resource(&self) -> &FakeResource<#k> {
                &self.resource
            }
        }

        impl crate::clientset::#group_module::#version_module::#interface for #fake_client {
            #impl_items
        }
    };
    let imports = imports_for(&body);
    let kind_import = kind.import();
    quote! {
        #module_doc

        #imports
        #kind_import

        #body
    }
}
