// Twin of kube-api-linter's pkg/analysis/statussubresource/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

// +kubebuilder:object:root:=true
#[serde(rename_all = "camelCase")]
pub struct Foo {
    pub metadata: ObjectMeta,
    pub spec: FooSpec,
}

#[serde(rename_all = "camelCase")]
pub struct FooSpec {
    pub name: String,
}

// +kubebuilder:object:root:=true
// +kubebuilder:subresource:status
#[serde(rename_all = "camelCase")]
pub struct Bar { // want "root object type \"Bar\" is marked to enable the status subresource with marker \"kubebuilder:subresource:status\" but has no status field"
    pub metadata: ObjectMeta,
    pub spec: BarSpec,
}

#[serde(rename_all = "camelCase")]
pub struct BarSpec {
    pub name: String,
}

// +kubebuilder:object:root:=true
#[serde(rename_all = "camelCase")]
pub struct Baz { // want "root object type \"Baz\" has a status field but does not have the marker \"kubebuilder:subresource:status\" to enable the status subresource"
    pub metadata: ObjectMeta,
    pub spec: BazSpec,
    #[serde(default)]
    pub status: BazStatus,
}

#[serde(rename_all = "camelCase")]
pub struct BazSpec {
    pub name: String,
}

#[serde(rename_all = "camelCase")]
pub struct BazStatus {
    pub name: String,
}

// +kubebuilder:object:root:=true
// +kubebuilder:subresource:status
#[serde(rename_all = "camelCase")]
pub struct FooBar {
    pub metadata: ObjectMeta,
    pub spec: FooBarSpec,
    pub status: FooBarStatus,
}

#[serde(rename_all = "camelCase")]
pub struct FooBarSpec {
    pub name: String,
}

#[serde(rename_all = "camelCase")]
pub struct FooBarStatus {
    pub name: String,
}

/// Test that it works with 'root=true' as well
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
#[serde(rename_all = "camelCase")]
pub struct FooBarBaz { // want "root object type \"FooBarBaz\" is marked to enable the status subresource with marker \"kubebuilder:subresource:status\" but has no status field"
    pub metadata: ObjectMeta,
    pub spec: FooBarBazSpec,
}

#[serde(rename_all = "camelCase")]
pub struct FooBarBazSpec {
    pub name: String,
}

/// Test that List types are skipped (issue #53)
/// This is a Kubernetes List type with TypeMeta, ListMeta, and Items
/// Even with space between marker and type definition, it should be skipped

// +kubebuilder:object:root=true
#[serde(rename_all = "camelCase")]
pub struct ClusterList {
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    #[serde(rename = "metadata")]
    #[serde(default)]
    pub metadata: ListMeta,
    pub items: Vec<Cluster>,
}

/// Test marker detection with blank line (second level comment bug - issue #53)
// +kubebuilder:object:root=true

/// ServiceList contains a list of Service.
#[serde(rename_all = "camelCase")]
pub struct ServiceList {
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    #[serde(rename = "metadata")]
    #[serde(default)]
    pub metadata: ListMeta,
    pub items: Vec<Service>,
}

#[serde(rename_all = "camelCase")]
pub struct Service {
    pub name: String,
}

#[serde(rename_all = "camelCase")]
pub struct TypeMeta {
    #[serde(default)]
    pub kind: String,
    #[serde(rename = "apiVersion")]
    #[serde(default)]
    pub api_version: String,
}

#[serde(rename_all = "camelCase")]
pub struct ListMeta {
    #[serde(default)]
    pub resource_version: String,
}

#[serde(rename_all = "camelCase")]
pub struct Cluster {
    pub name: String,
}

/// Test List type with qualified types (metav1.TypeMeta, metav1.ListMeta)
// +kubebuilder:object:root=true
#[serde(rename_all = "camelCase")]
pub struct PodList {
    pub metadata: ObjectMeta,
    #[serde(flatten)]
    pub metav1_type_meta: metav1TypeMeta,
    pub items: Vec<Pod>,
}

#[serde(rename_all = "camelCase")]
pub struct metav1TypeMeta {
    #[serde(default)]
    pub kind: String,
    #[serde(rename = "apiVersion")]
    #[serde(default)]
    pub api_version: String,
}

#[serde(rename_all = "camelCase")]
pub struct metav1ListMeta {
    #[serde(default)]
    pub resource_version: String,
}

#[serde(rename_all = "camelCase")]
pub struct Pod {
    pub name: String,
}

/// Test that non-List types are not skipped even if they have 3 fields
/// This should trigger the linter because it has a status field but no marker
// +kubebuilder:object:root=true
#[serde(rename_all = "camelCase")]
pub struct NotAList { // want "root object type \"NotAList\" has a status field but does not have the marker \"kubebuilder:subresource:status\" to enable the status subresource"
    pub metadata: ObjectMeta,
    pub spec: NotAListSpec,
    pub status: NotAListStatus,
    pub extra: String,
}

#[serde(rename_all = "camelCase")]
pub struct NotAListSpec {
    pub name: String,
}

#[serde(rename_all = "camelCase")]
pub struct NotAListStatus {
    pub ready: bool,
}

/// Test that types ending with "List" but not matching the pattern are not skipped
/// This has 4 fields instead of 3, so it should not be treated as a List type
// +kubebuilder:object:root=true
#[serde(rename_all = "camelCase")]
pub struct BadList { // want "root object type \"BadList\" has a status field but does not have the marker \"kubebuilder:subresource:status\" to enable the status subresource"
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    #[serde(rename = "metadata")]
    #[serde(default)]
    pub metadata: ListMeta,
    pub items: Vec<String>,
    pub status: BadListStatus,
}

#[serde(rename_all = "camelCase")]
pub struct BadListStatus {
    pub count: isize,
}

/// Test that types ending with "List" but missing Items field are not skipped
// +kubebuilder:object:root=true
#[serde(rename_all = "camelCase")]
pub struct IncompleteList { // want "root object type \"IncompleteList\" has a status field but does not have the marker \"kubebuilder:subresource:status\" to enable the status subresource"
    pub metadata: ObjectMeta,
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    pub status: IncompleteListStatus,
}

#[serde(rename_all = "camelCase")]
pub struct IncompleteListStatus {
    pub ready: bool,
}

/// Test that types ending with "List" but with non-slice Items field are not skipped
/// Items must be a slice type to be considered a valid List type
// +kubebuilder:object:root=true
#[serde(rename_all = "camelCase")]
pub struct NonSliceItemsList { // want "root object type \"NonSliceItemsList\" has a status field but does not have the marker \"kubebuilder:subresource:status\" to enable the status subresource"
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    #[serde(rename = "metadata")]
    #[serde(default)]
    pub metadata: ListMeta,
    pub items: String,
    pub status: NonSliceStatus,
}

#[serde(rename_all = "camelCase")]
pub struct NonSliceStatus {
    pub count: isize,
}

/// Test that List types with fields in non-standard order are still recognized
/// Fields can be in any order as long as they have TypeMeta, ListMeta, and Items
// +kubebuilder:object:root=true
#[serde(rename_all = "camelCase")]
pub struct ReorderedFieldsList {
    pub items: Vec<ReorderedItem>,
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    #[serde(rename = "metadata")]
    #[serde(default)]
    pub metadata: ListMeta,
}

#[serde(rename_all = "camelCase")]
pub struct ReorderedItem {
    pub name: String,
}

/// Test marker detection with blank line for non-List type (second level comment bug - issue #53)
/// This should trigger the linter because it has a status field but no status marker
// +kubebuilder:object:root=true

/// BlankLineTest demonstrates marker detection across blank lines.
#[serde(rename_all = "camelCase")]
pub struct BlankLineTest { // want "root object type \"BlankLineTest\" has a status field but does not have the marker \"kubebuilder:subresource:status\" to enable the status subresource"
    pub metadata: ObjectMeta,
    pub spec: BlankLineTestSpec,
    pub status: BlankLineTestStatus,
}

#[serde(rename_all = "camelCase")]
pub struct BlankLineTestSpec {
    pub name: String,
}

#[serde(rename_all = "camelCase")]
pub struct BlankLineTestStatus {
    pub ready: bool,
}

/// Test case: Single-line marker separated by blank line should be detected as orphaned.
/// This verifies that single-line markers with blank lines are properly detected.

// +kubebuilder:object:root=true

/// SingleLineMarkerTest demonstrates that single-line markers separated by blank lines
/// are detected as orphaned markers.
/// This type has a status field but no status marker, so it should trigger a diagnostic.
#[serde(rename_all = "camelCase")]
pub struct SingleLineMarkerTest { // want "root object type \"SingleLineMarkerTest\" has a status field but does not have the marker \"kubebuilder:subresource:status\" to enable the status subresource"
    pub metadata: ObjectMeta,
    pub spec: SingleLineMarkerTestSpec,
    pub status: SingleLineMarkerTestStatus,
}

#[serde(rename_all = "camelCase")]
pub struct SingleLineMarkerTestSpec {
    pub name: String,
}

#[serde(rename_all = "camelCase")]
pub struct SingleLineMarkerTestStatus {
    pub ready: bool,
}

/// Test case: Marker too far away (more than 3 lines) should NOT be detected.
/// The orphaned markers below should be ignored because they're too far from the type declaration.

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status






// +kubebuilder:object:root=true
///
/// TooFarAwayTest demonstrates that markers too far away are not detected.
/// Since the orphaned markers above are not detected, this type only has +kubebuilder:object:root=true
/// from its Doc comment group. It has a status field but no status marker, so it should trigger the linter.
#[serde(rename_all = "camelCase")]
pub struct TooFarAwayTest { // want "root object type \"TooFarAwayTest\" has a status field but does not have the marker \"kubebuilder:subresource:status\" to enable the status subresource"
    pub metadata: ObjectMeta,
    pub spec: TooFarAwayTestSpec,
    pub status: TooFarAwayTestStatus,
}

#[serde(rename_all = "camelCase")]
pub struct TooFarAwayTestSpec {
    pub name: String,
}

#[serde(rename_all = "camelCase")]
pub struct TooFarAwayTestStatus {
    pub ready: bool,
}

/// Test case: Commented-out code should NOT be treated as markers.

// +kubebuilder:object:root=true
/// func DoSomething() error {
///     return nil
/// }

/// CommentedCodeTest should not pick up the commented code above.
#[serde(rename_all = "camelCase")]
pub struct CommentedCodeTest {
    pub metadata: ObjectMeta,
    pub name: String,
}

/// Test case: Marker that's a Doc comment for another declaration should NOT be orphaned.

// +kubebuilder:object:root=true
#[serde(rename_all = "camelCase")]
pub struct PreviousType {
    pub metadata: ObjectMeta,
    pub name: String,
}

/// NotOrphanedTest should not get markers from PreviousType.
#[serde(rename_all = "camelCase")]
pub struct NotOrphanedTest {
    pub name: String,
}

