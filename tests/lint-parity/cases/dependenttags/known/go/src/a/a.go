// Our own case (not KAL's): dependent markers kube-codegen knows.
package a

type Spec struct {
	// +listType=set
	MissingK8s []string `json:"missingK8s"` // want "missing required marker"

	// +listType=set
	// +k8s:listType=set
	Both []string `json:"both"`

	// +kubebuilder:validation:Pattern=`^a+$`
	PatternAlone string `json:"patternAlone"` // want "requires at least one"

	// +kubebuilder:validation:Pattern=`^a+$`
	// +kubebuilder:validation:MaxLength=5
	PatternBounded string `json:"patternBounded"`
}
