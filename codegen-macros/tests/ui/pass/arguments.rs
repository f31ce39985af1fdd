//! The group as an argument, a plural exception, a type that keeps its own
//! `Clone` (`+k8s:deepcopy-gen=false`), and helpers the user wrote are kept.

#[kube_codegen_macros::api(group = "zoo.example.com", plural_exceptions = "Moose:moose")]
pub mod v1alpha1 {
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
    use serde::{Deserialize, Serialize};

    /// A moose.
    /// +genclient
    /// +genclient:nonNamespaced
    /// +kubebuilder:resource:scope=Cluster
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct Moose {
        /// Standard object metadata.
        pub metadata: ObjectMeta,
        /// Antler span in centimetres.
        /// +kubebuilder:validation:Maximum=200
        pub antlers: u32,
        /// Its keeper.
        #[serde(default)]
        pub keeper: Keeper,
    }

    /// Who looks after an animal; clones itself.
    /// +k8s:deepcopy-gen=false
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct Keeper {
        /// The keeper's name.
        pub name: String,
    }

    impl Moose {
        /// A hand-written helper next to the generated ones.
        pub fn is_big(&self) -> bool {
            self.antlers > 150
        }
    }
}

fn main() {
    use v1alpha1::Moose;

    assert_eq!(Moose::PLURAL, "moose");
    assert_eq!(
        Moose::crd().metadata.name.as_deref(),
        Some("moose.zoo.example.com")
    );
    assert!(Moose::CRD_YAML.contains("maximum: 200"));
    let moose = Moose::new("m");
    assert!(!moose.is_big());
    assert_eq!(moose.clone(), moose);
}
