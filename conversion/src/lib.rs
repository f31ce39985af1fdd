//! A conversion webhook for custom resources with several versions, the
//! server side of kube-codegen's `+kubebuilder:conversion:strategy=Webhook`.
//!
//! A generated crate registers its converted kinds (`conversion::conversions()`,
//! hub and spokes, with the `From`/`TryFrom` impls between them); this crate
//! converts objects between any two versions of a kind through the hub
//! ([`Conversions::convert`]), answers the API server's `ConversionReview`s
//! ([`Conversions::review`]), fills a CRD's `caBundle` ([`set_ca_bundle`],
//! [`patch_ca_bundle`]) and migrates stored objects to a new storage version
//! ([`migrate_storage_version`]). The reviews are served over HTTPS, at
//! `/convert`, by `kube-codegen-manager`'s webhook server, on the port of the
//! operator's admission webhooks (`manager.conversions(conversions)`).
//!
//! Round trips lose nothing: what a version cannot hold is kept in a
//! `conversion.kube-codegen.k8s.io/<version>` annotation of the converted
//! object and put back when it is converted back (see [`lossless`]).

mod ca_bundle;
mod conversions;
mod error;
pub mod lossless;
mod migrate;
mod review;
#[cfg(test)]
mod toy;

pub use ca_bundle::{CaBundleError, patch_ca_bundle, set_ca_bundle, set_url};
pub use conversions::{Conversions, KindConversions, KindInfo};
pub use error::{BoxError, ConversionError};
pub use migrate::{Migration, MigrationError, migrate_storage_version};
pub use review::Converted;
