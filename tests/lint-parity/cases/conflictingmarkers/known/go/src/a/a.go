// Our own case (not KAL's): conflicting markers kube-codegen knows.
package a

type Spec struct {
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:Enum=a;b
	Both string `json:"both"` // want "conflicting markers"

	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=3
	SameSet string `json:"sameSet"`

	// +kubebuilder:validation:Pattern=`^a$`
	// +kubebuilder:validation:Format=email
	// +kubebuilder:validation:Enum=a
	ThreeWay string `json:"threeWay"` // want "conflicting markers" "conflicting markers"
}
