// The Rust twin of go/src/a/a.go.
#[serde(rename_all = "camelCase")]
pub struct Spec {
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:Enum=a;b
    pub both: String, // want `field Spec.both has conflicting markers: length_or_enum: \{\[kubebuilder:validation:MinLength\], \[kubebuilder:validation:Enum\]\}. An enum bounds the length`
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:MaxLength=3
    pub same_set: String,
    // +kubebuilder:validation:Pattern=`^a$`
    // +kubebuilder:validation:Format=email
    // +kubebuilder:validation:Enum=a
    pub three_way: String, // want `field Spec.threeWay has conflicting markers: length_or_enum: \{\[kubebuilder:validation:Enum\]` `field Spec.threeWay has conflicting markers: one_shape: \{\[kubebuilder:validation:Pattern\], \[kubebuilder:validation:Format\], \[kubebuilder:validation:Enum\]\}`
}
