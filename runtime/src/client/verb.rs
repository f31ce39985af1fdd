//! The verbs a kind's typed client offers, one marker trait per verb: the
//! analogue of client-gen's `+genclient` variants. A generated crate implements
//! the ones its markers allow (`+genclient:onlyVerbs=get,list`,
//! `+genclient:noStatus`, `+genclient:readonly`, ...); [`TypedClient`] has a
//! method only for the verbs its kind implements, so a forbidden call is a
//! compile error that says which marker left the verb out:
//!
//! ```compile_fail
//! use kube_codegen_runtime::{Clientset, Kind, TypedClient};
//! use kube_codegen_runtime::params::PostParams;
//! use k8s_openapi::api::core::v1::ConfigMap;
//!
//! async fn demo(client: TypedClient<ConfigMap, Clientset>, map: ConfigMap) {
//!     // ConfigMaps have no status subresource: no `update_status`.
//!     client.update_status(&PostParams::default(), &map).await;
//! }
//! ```
//!
//! [`TypedClient`]: crate::TypedClient

use crate::Kind;

/// `create`: POST a new object.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `create`",
    label = "`{Self}` does not allow `create`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait Create: Kind {}

/// `update`: PUT the object.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `update`",
    label = "`{Self}` does not allow `update`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait Update: Kind {}

/// `update_status`: PUT the `status` subresource.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `update_status`",
    label = "`{Self}` does not allow `update_status`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait UpdateStatus: Kind {}

/// `delete`: DELETE one object.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `delete`",
    label = "`{Self}` does not allow `delete`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait Delete: Kind {}

/// `delete_collection`: DELETE every selected object.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `delete_collection`",
    label = "`{Self}` does not allow `delete_collection`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait DeleteCollection: Kind {}

/// `get`: GET one object.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `get`",
    label = "`{Self}` does not allow `get`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait Get: Kind {}

/// `list`: GET the collection.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `list`",
    label = "`{Self}` does not allow `list`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait List: Kind {}

/// `watch`: watch the collection.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `watch`",
    label = "`{Self}` does not allow `watch`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait Watch: Kind {}

/// `patch`: PATCH the object.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `patch`",
    label = "`{Self}` does not allow `patch`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait Patch: Kind {}

/// `patch_status`: PATCH the `status` subresource.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `patch_status`",
    label = "`{Self}` does not allow `patch_status`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait PatchStatus: Kind {}

/// `apply`: server-side apply to the object.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `apply`",
    label = "`{Self}` does not allow `apply`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait Apply: Kind {}

/// `apply_status`: server-side apply to the `status` subresource.
#[diagnostic::on_unimplemented(
    message = "the typed client of `{Self}` has no `apply_status`",
    label = "`{Self}` does not allow `apply_status`",
    note = "a kind's verbs are the ones its `+genclient` markers allow (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`)"
)]
pub trait ApplyStatus: Kind {}
