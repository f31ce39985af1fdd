// The Rust twin of go/src/a/a.go.
#[serde(rename_all = "camelCase")]
pub struct Spec {
    // +nullable
    pub nullable: Option<String>, // want `field Spec.nullable has forbidden marker "nullable"`
    // +kubebuilder:validation:XValidation:rule="self.size() > 0",message="must not be empty"
    pub with_message: String, // want `field Spec.withMessage has forbidden marker "kubebuilder:validation:XValidation:rule=\"self.size\(\) > 0\",message=\"must not be empty\""`
    // +kubebuilder:validation:XValidation:rule="self.size() > 0"
    pub without_message: String,
    // +kubebuilder:validation:Format=email
    pub email: String, // want `field Spec.email has forbidden marker "kubebuilder:validation:Format=email"`
    // +kubebuilder:validation:Format=date-time
    pub date: String,
}

// +kubebuilder:validation:MinProperties=1
#[serde(rename_all = "camelCase")]
pub struct Other { // want `type Other has forbidden marker "kubebuilder:validation:MinProperties=1"`
    pub name: String,
}
