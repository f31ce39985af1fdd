
#[cfg(test)]
mod tests {
    use kube_codegen_manager::Config;
    use kube_codegen_runtime::{TypedClient, fake};

    use super::*;

    /// The reconcile, on the fake clientset.
    #[tokio::test]
    async fn a_{var}_reconciles() {
        let mut {var} = {kind}::default();
        {var}.metadata.name = Some("sample".to_owned());
{namespace_line}        let fake = fake::Clientset::new([{var}.into()]){with_crds};
        let manager = Manager::fake(&fake, "test", Config::default());
        let stored = TypedClient::<{kind}, _>::new(&fake, "{namespace}")
            .get("sample")
            .await
            .unwrap();
        let action = {kind}Reconciler
            .reconcile(Arc::new(stored), manager.context("{var}"))
            .await
            .unwrap();
        assert_eq!(action, Action::await_change());
    }
}
