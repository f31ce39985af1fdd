// The Rust twin of go/src/a/a.go.
#[serde(rename_all = "camelCase")]
pub struct Spec {
    // +listType=set
    pub missing_k8s: Vec<String>, // want `field Spec.missingK8s with marker \+listType is missing required marker\(s\): \+k8s:listType`
    // +listType=set
    // +k8s:listType=set
    pub both: Vec<String>,
    // +kubebuilder:validation:Pattern=`^a+$`
    pub pattern_alone: String, // want `field Spec.patternAlone with marker \+kubebuilder:validation:Pattern requires at least one of the following markers, but none were found: \+kubebuilder:validation:MaxLength, \+kubebuilder:validation:Enum`
    // +kubebuilder:validation:Pattern=`^a+$`
    // +kubebuilder:validation:MaxLength=5
    pub pattern_bounded: String,
}
