//! The per-kind informer: `src/informers/<group>/<version>/<kind>.rs`, a typed
//! wrapper over the generic `SharedInformer` whose lister is the kind's lister.

use quote::quote;

use super::naming::{
    INFORMER_SUPPORT_MODULES, InformerKind, LISTER_SUPPORT_MODULES, group_module, ident,
};
use crate::emit::{EmitOptions, GeneratedFile};

/// Names the informer files import, which a kind's own name must not shadow.
const TAKEN: &[&str] = &[
    "EventHandler",
    "HandlerRegistration",
    "SharedInformer",
    "Subscription",
];

/// The informer file of one kind.
pub fn emit_informer(kind: &InformerKind<'_>, opts: &EmitOptions) -> GeneratedFile {
    let path = format!(
        "{}/{}.rs",
        kind.version_dir("informers", INFORMER_SUPPORT_MODULES),
        kind.file_stem()
    );
    let kind_name = &kind.ty.name;
    let kind_ident = kind.local_ident(TAKEN);
    let import = kind.import(TAKEN);
    let informer = kind.informer_ident();
    let lister = kind.lister_ident();
    let lister_path = {
        let group = ident(&group_module(kind.group, LISTER_SUPPORT_MODULES));
        let version = ident(&kind.version.module);
        quote!(crate::listers::#group::#version::#lister)
    };
    let scope = if kind.kind.namespaced {
        "namespaced"
    } else {
        "cluster-scoped"
    };
    let module_doc = format!(
        " Shared informer for `{kind_name}` (`{}`, resource `{}`, {scope}).",
        kind.api_version(),
        kind.kind.plural
    );
    let chain = format!(
        "factory.{}().{}().{}()",
        super::naming::group_accessor(kind.group),
        kind.version.module,
        kind.plural_accessor()
    );
    let crate_name = &opts.crate_name;
    let informer_doc = [
        format!(" The shared informer of `{kind_name}` objects: one watch, however many"),
        " consumers. Get it from the factory; start the factory to begin watching.".to_owned(),
        String::new(),
        " ```no_run".to_owned(),
        format!(" # async fn demo(factory: {crate_name}::informers::SharedInformerFactory) {{"),
        format!(" use {crate_name}::informers::EventHandlerFuncs;"),
        format!(
            " use {crate_name}::apis::{}::{}::{kind_name};",
            kind.group.module, kind.version.module
        ),
        String::new(),
        format!(" let informer = {chain};"),
        " informer.add_event_handler(".to_owned(),
        format!("     EventHandlerFuncs::<{kind_name}>::new()"),
        "         .on_add(|obj, _| println!(\"added {:?}\", obj.metadata.name))".to_owned(),
        "         .on_update(|_old, new| println!(\"updated {:?}\", new.metadata.name))".to_owned(),
        "         .on_delete(|obj| println!(\"deleted {:?}\", obj.metadata.name)),".to_owned(),
        " );".to_owned(),
        " factory.start();".to_owned(),
        " factory.wait_for_cache_sync().await;".to_owned(),
        " let cached = informer.lister().list(&kube::core::Selector::default());".to_owned(),
        " # let _ = cached;".to_owned(),
        " # }".to_owned(),
        " ```".to_owned(),
    ];
    let lister_doc = format!(" A lister of the cached `{kind_name}` objects.");
    let tokens = quote! {
        #![doc = #module_doc]

        use crate::informers::{EventHandler, HandlerRegistration, SharedInformer, Subscription};
        #import

        #(#[doc = #informer_doc])*
        #[derive(Clone, Debug)]
        pub struct #informer {
            inner: SharedInformer<#kind_ident>,
        }

        impl #informer {
            /// A typed handle to a generic informer of this kind.
            pub fn new(inner: SharedInformer<#kind_ident>) -> Self {
                #informer { inner }
            }

            #[doc = #lister_doc]
            pub fn lister(&self) -> #lister_path {
                #lister_path::new(self.inner.lister())
            }

            /// Whether the first complete list is in the cache.
            pub fn has_synced(&self) -> bool {
                self.inner.has_synced()
            }

            /// Calls `handler` for every change from now on; a handler added after
            /// objects are cached first gets an `on_add` for each of them.
            pub fn add_event_handler(&self, handler: impl EventHandler<#kind_ident>) -> HandlerRegistration {
                self.inner.add_event_handler(handler)
            }

            /// A stream of every change, starting with the objects already cached.
            pub fn subscribe(&self) -> Subscription<#kind_ident> {
                self.inner.subscribe()
            }

            /// The generic informer underneath (start, shutdown, error handler, cache).
            pub fn informer(&self) -> &SharedInformer<#kind_ident> {
                &self.inner
            }
        }
    };
    GeneratedFile::rust(path, tokens)
}
