//! Events.
//! +kubebuilder:rback:groups=events.k8s.io,resources=events,verbs=create
fn record() {
    let _ = "// +kubebuilder:rback: inside a string is not a marker";
}
