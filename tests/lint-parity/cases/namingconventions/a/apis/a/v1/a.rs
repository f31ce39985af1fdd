// Twin of kube-api-linter's pkg/analysis/namingconventions/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

/// Shouldn't care about Go types
#[serde(rename_all = "camelCase")]
pub struct BasketOfFruit {
    #[serde(default)]
    pub red_fruit: Vec<String>, // want `naming convention "nofruit": field BasketOfFruit.redFruit: no fields should contain any variations of the word 'fruit' in their name`
    #[serde(default)]
    pub orange_fruit: Vec<String>, // want `naming convention "nofruit": field BasketOfFruit.orangeFruit: no fields should contain any variations of the word 'fruit' in their name`
    #[serde(default)]
    pub green_fruit: Vec<String>, // want `naming convention "nofruit": field BasketOfFruit.greenFruit: no fields should contain any variations of the word 'fruit' in their name`
    #[serde(default)]
    pub fruit_blue: Vec<String>, // want `naming convention "nofruit": field BasketOfFruit.fruitBlue: no fields should contain any variations of the word 'fruit' in their name`
    #[serde(default)]
    pub fruit: Vec<String>, // want `naming convention "nofruit": field BasketOfFruit.fruit: no fields should contain any variations of the word 'fruit' in their name`
    #[serde(default)]
    pub a_fruit: String, // want `naming convention "nofruit": field BasketOfFruit.aFruit: no fields should contain any variations of the word 'fruit' in their name`
}

#[serde(rename_all = "camelCase")]
pub struct SpecialBehaviors {
    #[serde(default)]
    pub something_behavior: String, // want `naming convention "preferbehaviour": field SpecialBehaviors.somethingBehavior: prefer the use of the word 'behaviour' instead of 'behavior'.`
    #[serde(default)]
    pub behavior_crazy: bool, // want `naming convention "preferbehaviour": field SpecialBehaviors.behaviorCrazy: prefer the use of the word 'behaviour' instead of 'behavior'.`
}

#[serde(rename_all = "camelCase")]
pub struct Configurations {
    #[serde(default)]
    pub some_supported_thingy: String,
    #[serde(default)]
    pub unsupported_thingy: String, // want `naming convention "nounsupported": field Configurations.unsupportedThingy: no fields allowing for unsupported behaviors allowed`
}

#[serde(rename_all = "camelCase")]
pub struct TestSet {
    #[serde(default)]
    pub test_name: String, // want `naming convention "notest": field TestSet.testName: no temporary test fields`
    #[serde(rename = "otherTest")]
    #[serde(default)]
    pub other: String, // want `naming convention "notest": field TestSet.otherTest: no temporary test fields`
}

