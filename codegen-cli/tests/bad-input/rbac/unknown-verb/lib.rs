pub struct Reconciler;

impl Reconciler {
    /// Reads Deployments.
    ///
    /// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;lst;frobnicate
    pub fn reconcile(&self) {}
}
