//! The proc-macro front door of kube-codegen: the deep-copy `Clone`, the
//! `Resource` impls and the CRD of marker-annotated types, generated in your
//! own crate, by the same parser and emitters as the `kube-codegen` CLI.
//!
//! ```
//! #[kube_codegen_macros::api]
//! pub mod v1 {
//!     //! Version v1 of the shop API.
//!     //! +groupName=shop.example.com
//!
//!     use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
//!     use serde::{Deserialize, Serialize};
//!
//!     /// An order.
//!     /// +genclient
//!     #[derive(Clone, Debug, Default, Serialize, Deserialize)]
//!     pub struct Order {
//!         pub metadata: ObjectMeta,
//!         pub spec: OrderSpec,
//!     }
//!
//!     /// What an order asks for.
//!     #[derive(Clone, Debug, Default, Serialize, Deserialize)]
//!     pub struct OrderSpec {
//!         /// How many.
//!         /// +kubebuilder:validation:Minimum=1
//!         pub quantity: i32,
//!     }
//! }
//!
//! let crd = v1::Order::crd(); // the CRD `kube-codegen crd` would print
//! assert_eq!(<v1::Order as k8s_openapi::Resource>::URL_PATH_SEGMENT, "orders");
//! ```
//!
//! See [`api`] for what it generates and the rules of the input.

mod expand;
mod generate;
mod source_map;
#[cfg(test)]
mod ui;

use proc_macro::TokenStream;

/// Generates, for the types of an API version module, what `kube-codegen
/// generate` puts in a generated crate's `apis` module:
///
/// - for every type, the deep-copy `Clone` (`clone_from` reuses allocations);
///   a derived `Clone` is replaced, `/// +k8s:deepcopy-gen=false` keeps yours;
/// - for every kind (`+genclient` or `+kubebuilder:object:root`),
///   `k8s_openapi::Resource`, `ListableResource` and `Metadata` (and through
///   kube's blanket impl, `kube::Resource`), the constants `GROUP`, `VERSION`,
///   `API_VERSION`, `KIND`, `PLURAL`, `SINGULAR`, `SHORT_NAMES`, `CATEGORIES`,
///   `NAMESPACED`, a constructor `new(name, spec)`, a `Serialize` that writes
///   `apiVersion` and `kind`, and `crd()` / `CRD_YAML` with the
///   CustomResourceDefinition built at compile time.
///
/// Put it on an inline module whose docs name the group (`//! +groupName=...`,
/// or `#[api(group = "...")]`), or on a module holding several such version
/// modules (then a kind's CRD has all its versions). Markers are written in
/// doc comments, `/// +kubebuilder:validation:Minimum=0`: a macro does not
/// see `//` comments. Every marker of the CLI works, and marker lines are left
/// out of the types' documentation.
///
/// Arguments: `group = "shop.example.com"`, `plural_exceptions =
/// "Kind:plural,..."`.
///
/// Errors (unknown or malformed markers, unsupported field types, a kind
/// without `metadata: ObjectMeta`, ...) are compile errors at the doc comment
/// or token they are about, with the CLI's message and hint. The code that
/// uses the macro needs `k8s-openapi` (with a version feature, in a binary)
/// and `serde`.
#[proc_macro_attribute]
pub fn api(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand::expand(attr.into(), item.into()).into()
}
