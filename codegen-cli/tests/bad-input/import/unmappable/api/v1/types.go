// +groupName=shop.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"example.com/elsewhere/money"
)

// +kubebuilder:object:root=true

// Order is an order.
type Order struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              OrderSpec `json:"spec"`
}

// OrderSpec is what is ordered.
type OrderSpec struct {
	// Items of the order.
	Items struct {
		Name string `json:"name"`
	} `json:"items"`
	// Updates, as they come.
	Updates chan string `json:"updates"`
	// Total, in another module nobody named.
	Total money.Amount `json:"total"`
	// +kubebuilder:validation:OneOf=a;b
	Note string `json:"note"`
}
