// Our own case (not KAL's): forbidden markers kube-codegen knows.
package a

type Spec struct {
	// +nullable
	Nullable *string `json:"nullable,omitempty"` // want "forbidden marker"

	// +kubebuilder:validation:XValidation:rule="self.size() > 0",message="must not be empty"
	WithMessage string `json:"withMessage"` // want "forbidden marker"

	// +kubebuilder:validation:XValidation:rule="self.size() > 0"
	WithoutMessage string `json:"withoutMessage"`

	// +kubebuilder:validation:Format=email
	Email string `json:"email"` // want "forbidden marker"

	// +kubebuilder:validation:Format=date-time
	Date string `json:"date"`
}

// +kubebuilder:validation:MinProperties=1
type Other struct { // want "forbidden marker"
	Name string `json:"name"`
}
