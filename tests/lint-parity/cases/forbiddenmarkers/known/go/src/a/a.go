// Our own case (not KAL's): forbidden markers kube-codegen knows.
package a

type Spec struct {
	// +nullable
	Nullable *string `json:"nullable,omitempty"` // want "forbidden marker"

	// +kubebuilder:validation:XValidation:rule="self.size() > 0",message="must not be empty"
	WithMessage string `json:"withMessage"` // want "forbidden marker"

	// +kubebuilder:validation:XValidation:rule="self.size() > 0"
	WithoutMessage string `json:"withoutMessage"`

	// KAL keeps `=email` as the marker's payload, not as an attribute: the
	// rule set's attribute "" matches nothing here (kube-codegen reads it as
	// the unnamed value; see differences.yaml).
	// +kubebuilder:validation:Format=email
	Email string `json:"email"`

	// +kubebuilder:validation:Format=date-time
	Date string `json:"date"`
}

// +kubebuilder:validation:MinProperties=1
type Other struct { // want "forbidden marker"
	Name string `json:"name"`
}
