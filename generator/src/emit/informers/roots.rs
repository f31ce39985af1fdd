//! `src/informers/mod.rs` and `src/listers/mod.rs`: module docs with examples,
//! re-exports of the runtime's informers and listers, the group modules,
//! `SharedInformerFactoryExt` and the lister aliases.

use crate::emit::EmitOptions;
use crate::emit::code::Code;
use crate::emit::features::gate;
use crate::emit::names::{ClientKind, GroupVersion, group_module};
use crate::model::Group;

type Groups<'g, 'a> = [(&'a Group, Vec<GroupVersion<'a>>)];

/// The kind doc examples use: the first namespaced one, else the first one.
fn example<'g, 'a>(
    groups: &'g Groups<'g, 'a>,
) -> Option<(&'g GroupVersion<'a>, &'g ClientKind<'a>)> {
    let all = || {
        groups
            .iter()
            .flat_map(|(_, versions)| versions.iter())
            .flat_map(|gv| gv.kinds.iter().map(move |k| (gv, k)))
    };
    all()
        .find(|(_, k)| k.kind.namespaced)
        .or_else(|| all().next())
}

/// `factory.myapp_v1().apps()`.
fn chain(gv: &GroupVersion<'_>, kind: &ClientKind<'_>) -> String {
    format!("factory.{}().{}()", gv.accessor(), kind.accessor())
}

/// `src/informers/mod.rs`.
pub(crate) fn informers_root(groups: &Groups<'_, '_>, opts: &EmitOptions) -> String {
    let krate = opts.crate_name.replace('-', "_");
    let mut text = String::from(
        "Shared informers of this crate's kinds: [`SharedInformerFactoryExt`] adds one \
         accessor per group-version to the runtime's [`SharedInformerFactory`], which \
         makes one informer (one watch, one cache) per type however many consumers ask, \
         and serves the kinds of other generated crates and the built-in kinds as well. \
         Informers are the runtime's, built on kube-runtime's watcher and reflector \
         `Store` (`informer.store()` hands the cache to kube-runtime's controller \
         machinery).\n",
    );
    if let Some((gv, kind)) = example(groups) {
        let chain = chain(gv, kind);
        let name = kind.type_path().replacen("crate", &krate, 1);
        text.push_str(&format!(
            "\n```no_run\n\
             # async fn demo(client: kube::Client) {{\n\
             use std::time::Duration;\n\
             use k8s_openapi::api::apps::v1::Deployment;\n\
             use {krate}::informers::{{EventHandlerFuncs, SharedInformerFactory}};\n\
             use {krate}::prelude::*;\n\n\
             let factory = SharedInformerFactory::new(client, Duration::from_secs(600));\n\
             let informer = {chain};\n\
             informer.add_event_handler(\n\
             \x20   EventHandlerFuncs::<{name}>::new()\n\
             \x20       .on_add(|object, _| println!(\"added {{:?}}\", object.metadata.name))\n\
             \x20       .on_delete(|object| println!(\"deleted {{:?}}\", object.metadata.name)),\n\
             );\n\
             // Built-in kinds (and other crates' kinds) from the same factory.\n\
             let deployments = factory.informer_for::<Deployment>();\n\
             factory.start();\n\
             let synced = factory.wait_for_cache_sync().await;\n\
             assert!(synced.values().all(|ok| *ok));\n\
             # let _ = deployments;\n\
             factory.shutdown().await;\n\
             # }}\n\
             ```\n"
        ));
    }
    let mut code = Code::new();
    code.inner_doc(&text);
    code.blank();
    code.lines(
        "pub use kube_codegen_runtime::informers::{
    DecodeError, EventHandler, EventHandlerFuncs, HandlerRegistration, Notification,
    SharedInformer, SharedInformerFactory, Subscription,
};",
    );
    group_modules(&mut code, groups, "Informers", opts);
    let gvs = || {
        groups
            .iter()
            .flat_map(|(g, v)| v.iter().map(move |gv| (*g, gv)))
    };
    let informers = |gv: &GroupVersion<'_>| {
        format!(
            "{}::{}::{}",
            gv.group_module(),
            gv.version_module(),
            gv.informers()
        )
    };
    code.blank();
    code.line("/// Adds this crate's group-version accessors to the runtime's");
    code.line("/// [`SharedInformerFactory`]: `factory.<group>_<version>().<kind plural>()`.");
    code.open("pub trait SharedInformerFactoryExt {");
    for (i, (group, gv)) in gvs().enumerate() {
        if i > 0 {
            code.blank();
        }
        gate(&mut code, opts, group);
        code.doc(&format!("The informers of `{}`.", gv.api_version()));
        code.sig(
            &format!("fn {}", gv.accessor()),
            &["&self"],
            &format!("{}<'_>", informers(gv)),
            ";",
        );
    }
    code.close("}");
    code.blank();
    code.open("impl SharedInformerFactoryExt for SharedInformerFactory {");
    for (i, (group, gv)) in gvs().enumerate() {
        if i > 0 {
            code.blank();
        }
        let informers = informers(gv);
        gate(&mut code, opts, group);
        code.sig(
            &format!("fn {}", gv.accessor()),
            &["&self"],
            &format!("{informers}<'_>"),
            " {",
        );
        code.depth_in();
        code.list(
            &format!("{informers}::new("),
            &["self".to_owned()],
            ")",
            true,
        );
        code.close("}");
    }
    code.close("}");
    code.finish()
}

/// `pub mod <group> { pub mod <version>; ... }` for files under `src/<root>/`.
fn group_modules(code: &mut Code, groups: &Groups<'_, '_>, what: &str, opts: &EmitOptions) {
    for (group, versions) in groups {
        code.blank();
        gate(code, opts, group);
        code.open(format_args!("pub mod {} {{", group_module(group)));
        code.inner_doc(&format!("{what} of the API group `{}`.", group.name));
        code.blank();
        for gv in versions {
            code.line(format_args!("pub mod {};", gv.version_module()));
        }
        code.close("}");
    }
}

/// `src/listers/mod.rs`: re-exports and one lister alias per kind, in nested
/// group and version modules.
pub(crate) fn listers_root(groups: &Groups<'_, '_>, opts: &EmitOptions) -> String {
    let krate = opts.crate_name.replace('-', "_");
    let mut text = String::from(
        "Listers of this crate's kinds: typed, namespace-aware reads from informer \
         caches (`kube_codegen_runtime::listers`), one alias per kind. A lister never \
         calls the API server; it hands out `Arc`s of the cached objects. Label \
         selectors are [`LabelSelector`]s, in the API server's grammar.\n",
    );
    if let Some((gv, kind)) = example(groups) {
        let chain = chain(gv, kind);
        let reads = if kind.kind.namespaced {
            "let one = lister.namespace(\"default\").get(\"example\");\n\
             let web = lister.namespace(\"default\").list(&LabelSelector::parse(\"tier=web\").unwrap());\n"
        } else {
            "let one = lister.get(\"example\");\n\
             let web = lister.list(&LabelSelector::parse(\"tier=web\").unwrap());\n"
        };
        text.push_str(&format!(
            "\n```no_run\n\
             # fn demo(factory: &{krate}::informers::SharedInformerFactory) {{\n\
             use {krate}::listers::LabelSelector;\n\
             use {krate}::prelude::*;\n\n\
             let lister = {chain}.lister();\n\
             {reads}\
             let everything = lister.list(&LabelSelector::everything());\n\
             # let _ = (one, web, everything);\n\
             # }}\n\
             ```\n"
        ));
    }
    let mut code = Code::new();
    code.inner_doc(&text);
    code.blank();
    code.line("pub use kube_codegen_runtime::listers::{Indexer, Lister, NamespaceLister};");
    code.line("pub use kube_codegen_runtime::selector::LabelSelector;");
    for (group, versions) in groups {
        code.blank();
        gate(&mut code, opts, group);
        code.open(format_args!("pub mod {} {{", group_module(group)));
        code.inner_doc(&format!("Listers of the API group `{}`.", group.name));
        for gv in versions {
            code.blank();
            code.open(format_args!("pub mod {} {{", gv.version_module()));
            code.inner_doc(&format!("Listers of `{}`.", gv.api_version()));
            code.blank();
            code.line(format_args!("use {} as types;", gv.types_path()));
            for kind in &gv.kinds {
                code.blank();
                code.doc(&format!(
                    "Lists and gets `{}` objects from an informer's cache.",
                    kind.name()
                ));
                code.ty(
                    &format!("pub type {} = ", kind.lister_alias()),
                    &format!("kube_codegen_runtime::listers::Lister<{}>", kind.type_ref()),
                    ";",
                );
            }
            code.close("}");
        }
        code.close("}");
    }
    code.finish()
}
