// Package v1 is the v1 version of the myapp.k8s.io API: an App runs a
// container image as a Deployment and exposes it through a Service.
//
// The Go twin of apis/src/myapp/v1 (kube-codegen's App example), used only by
// bench/run.sh to run Go's kube_codegen.sh and controller-gen on the same API.
//
// +k8s:deepcopy-gen=package
// +groupName=myapp.k8s.io
package v1
