// Twin of kube-api-linter's pkg/analysis/requiredfields/testdata/src/a/numbers.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct TestNumbers {
    // +required
    pub int: isize, // want "field TestNumbers.int should have the omitempty tag." "field TestNumbers.int has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    #[serde(default)]
    pub int_with_omit_empty: isize, // want "field TestNumbers.intWithOmitEmpty has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Minimum=1
    pub int_with_positive_minimum: isize, // want "field TestNumbers.intWithPositiveMinimum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Minimum=1
    #[serde(default)]
    pub int_with_positive_minimum_with_omit_empty: isize,
    // +required
    // +kubebuilder:validation:Minimum=0
    pub int_with_zero_minimum: isize, // want "field TestNumbers.intWithZeroMinimum should have the omitempty tag." "field TestNumbers.intWithZeroMinimum has a valid zero value \\(0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=0
    #[serde(default)]
    pub int_with_zero_minimum_with_omit_empty: isize, // want "field TestNumbers.intWithZeroMinimumWithOmitEmpty has a valid zero value \\(0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=-1
    pub int_with_negative_minimum: isize, // want "field TestNumbers.intWithNegativeMinimum should have the omitempty tag." "field TestNumbers.intWithNegativeMinimum has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Minimum=-1
    #[serde(default)]
    pub int_with_negative_minimum_with_omit_empty: isize, // want "field TestNumbers.intWithNegativeMinimumWithOmitEmpty has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=1
    pub int_with_positive_maximum: isize, // want "field TestNumbers.intWithPositiveMaximum should have the omitempty tag." "field TestNumbers.intWithPositiveMaximum has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=1
    #[serde(default)]
    pub int_with_positive_maximum_with_omit_empty: isize, // want "field TestNumbers.intWithPositiveMaximumWithOmitEmpty has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=0
    pub int_with_zero_maximum: isize, // want "field TestNumbers.intWithZeroMaximum should have the omitempty tag." "field TestNumbers.intWithZeroMaximum has a valid zero value \\(0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Maximum=0
    #[serde(default)]
    pub int_with_zero_maximum_with_omit_empty: isize, // want "field TestNumbers.intWithZeroMaximumWithOmitEmpty has a valid zero value \\(0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Maximum=-1
    pub int_with_negative_maximum: isize, // want "field TestNumbers.intWithNegativeMaximum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Maximum=-1
    #[serde(default)]
    pub int_with_negative_maximum_with_omit_empty: isize,
    // +required
    // +kubebuilder:validation:Minimum=-1
    // +kubebuilder:validation:Maximum=1
    pub int_with_range_including_zero: isize, // want "field TestNumbers.intWithRangeIncludingZero should have the omitempty tag." "field TestNumbers.intWithRangeIncludingZero has a valid zero value \\(0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=-1
    // +kubebuilder:validation:Maximum=1
    #[serde(default)]
    pub int_with_range_including_zero_with_omit_empty: isize, // want "field TestNumbers.intWithRangeIncludingZeroWithOmitEmpty has a valid zero value \\(0\\) and should be a pointer."
    // +required
    pub int_ptr: Option<isize>, // want "field TestNumbers.intPtr should have the omitempty tag."
    // +required
    pub int_ptr_with_omit_empty: Option<isize>,
    // +required
    // +kubebuilder:validation:Minimum=1
    pub int_ptr_with_positive_minimum: Option<isize>, // want "field TestNumbers.intPtrWithPositiveMinimum should have the omitempty tag." "field TestNumbers.intPtrWithPositiveMinimum does not allow the zero value. The field does not need to be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=1
    pub int_ptr_with_positive_minimum_with_omit_empty: Option<isize>, // want "field TestNumbers.intPtrWithPositiveMinimumWithOmitEmpty does not allow the zero value. The field does not need to be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=0
    pub int_ptr_with_zero_minimum: Option<isize>, // want "field TestNumbers.intPtrWithZeroMinimum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Minimum=0
    pub int_ptr_with_zero_minimum_with_omit_empty: Option<isize>,
    // +required
    // +kubebuilder:validation:Minimum=-1
    pub int_ptr_with_negative_minimum: Option<isize>, // want "field TestNumbers.intPtrWithNegativeMinimum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Minimum=-1
    pub int_ptr_with_negative_minimum_with_omit_empty: Option<isize>,
    // +required
    // +kubebuilder:validation:Maximum=1
    pub int_ptr_with_positive_maximum: Option<isize>, // want "field TestNumbers.intPtrWithPositiveMaximum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Maximum=1
    pub int_ptr_with_positive_maximum_with_omit_empty: Option<isize>,
    // +required
    // +kubebuilder:validation:Maximum=0
    pub int_ptr_with_zero_maximum: Option<isize>, // want "field TestNumbers.intPtrWithZeroMaximum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Maximum=0
    pub int_ptr_with_zero_maximum_with_omit_empty: Option<isize>,
    // +required
    // +kubebuilder:validation:Maximum=-1
    pub int_ptr_with_negative_maximum: Option<isize>, // want "field TestNumbers.intPtrWithNegativeMaximum should have the omitempty tag." "field TestNumbers.intPtrWithNegativeMaximum does not allow the zero value. The field does not need to be a pointer."
    // +required
    // +kubebuilder:validation:Maximum=-1
    pub int_ptr_with_negative_maximum_with_omit_empty: Option<isize>, // want "field TestNumbers.intPtrWithNegativeMaximumWithOmitEmpty does not allow the zero value. The field does not need to be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=-1
    // +kubebuilder:validation:Maximum=1
    pub int_ptr_with_range_including_zero: Option<isize>, // want "field TestNumbers.intPtrWithRangeIncludingZero should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Minimum=-1
    // +kubebuilder:validation:Maximum=1
    pub int_ptr_with_range_including_zero_with_omit_empty: Option<isize>,
    // +required
    pub int32: i32, // want "field TestNumbers.int32 should have the omitempty tag." "field TestNumbers.int32 has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Minimum=1
    pub int32_with_positive_minimum: i32, // want "field TestNumbers.int32WithPositiveMinimum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Minimum=0
    pub int32_with_zero_minimum: i32, // want "field TestNumbers.int32WithZeroMinimum should have the omitempty tag." "field TestNumbers.int32WithZeroMinimum has a valid zero value \\(0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=-1
    pub int32_with_negative_minimum: i32, // want "field TestNumbers.int32WithNegativeMinimum should have the omitempty tag." "field TestNumbers.int32WithNegativeMinimum has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=1
    pub int32_with_positive_maximum: i32, // want "field TestNumbers.int32WithPositiveMaximum should have the omitempty tag." "field TestNumbers.int32WithPositiveMaximum has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=0
    pub int32_with_zero_maximum: i32, // want "field TestNumbers.int32WithZeroMaximum should have the omitempty tag." "field TestNumbers.int32WithZeroMaximum has a valid zero value \\(0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Maximum=-1
    pub int32_with_negative_maximum: i32, // want "field TestNumbers.int32WithNegativeMaximum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Minimum=-1
    // +kubebuilder:validation:Maximum=1
    pub int32_with_range_including_zero: i32, // want "field TestNumbers.int32WithRangeIncludingZero should have the omitempty tag." "field TestNumbers.int32WithRangeIncludingZero has a valid zero value \\(0\\) and should be a pointer."
    // +required
    pub int64: i64, // want "field TestNumbers.int64 should have the omitempty tag." "field TestNumbers.int64 has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Minimum=1
    pub int64_with_positive_minimum: i64, // want "field TestNumbers.int64WithPositiveMinimum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Minimum=0
    pub int64_with_zero_minimum: i64, // want "field TestNumbers.int64WithZeroMinimum should have the omitempty tag." "field TestNumbers.int64WithZeroMinimum has a valid zero value \\(0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=-1
    pub int64_with_negative_minimum: i64, // want "field TestNumbers.int64WithNegativeMinimum should have the omitempty tag." "field TestNumbers.int64WithNegativeMinimum has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=1
    pub int64_with_positive_maximum: i64, // want "field TestNumbers.int64WithPositiveMaximum should have the omitempty tag." "field TestNumbers.int64WithPositiveMaximum has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=0
    pub int64_with_zero_maximum: i64, // want "field TestNumbers.int64WithZeroMaximum should have the omitempty tag." "field TestNumbers.int64WithZeroMaximum has a valid zero value \\(0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Maximum=-1
    pub int64_with_negative_maximum: i64, // want "field TestNumbers.int64WithNegativeMaximum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Minimum=-1
    // +kubebuilder:validation:Maximum=1
    pub int64_with_range_including_zero: i64, // want "field TestNumbers.int64WithRangeIncludingZero should have the omitempty tag." "field TestNumbers.int64WithRangeIncludingZero has a valid zero value \\(0\\) and should be a pointer."
    // +required
    pub float32: f32, // want "field TestNumbers.float32 should have the omitempty tag." "field TestNumbers.float32 has a valid zero value \\(0.0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    #[serde(default)]
    pub float32_with_omit_empty: f32, // want "field TestNumbers.float32WithOmitEmpty has a valid zero value \\(0.0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Minimum=1
    pub float32_with_positive_minimum: f32, // want "field TestNumbers.float32WithPositiveMinimum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Minimum=1
    #[serde(default)]
    pub float32_with_positive_minimum_with_omit_empty: f32,
    // +required
    // +kubebuilder:validation:Minimum=0
    pub float32_with_zero_minimum: f32, // want "field TestNumbers.float32WithZeroMinimum should have the omitempty tag." "field TestNumbers.float32WithZeroMinimum has a valid zero value \\(0.0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=0
    #[serde(default)]
    pub float32_with_zero_minimum_with_omit_empty: f32, // want "field TestNumbers.float32WithZeroMinimumWithOmitEmpty has a valid zero value \\(0.0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=-1
    pub float32_with_negative_minimum: f32, // want "field TestNumbers.float32WithNegativeMinimum should have the omitempty tag." "field TestNumbers.float32WithNegativeMinimum has a valid zero value \\(0.0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Minimum=-1
    #[serde(default)]
    pub float32_with_negative_minimum_with_omit_empty: f32, // want "field TestNumbers.float32WithNegativeMinimumWithOmitEmpty has a valid zero value \\(0.0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=1
    pub float32_with_positive_maximum: f32, // want "field TestNumbers.float32WithPositiveMaximum should have the omitempty tag." "field TestNumbers.float32WithPositiveMaximum has a valid zero value \\(0.0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=1
    #[serde(default)]
    pub float32_with_positive_maximum_with_omit_empty: f32, // want "field TestNumbers.float32WithPositiveMaximumWithOmitEmpty has a valid zero value \\(0.0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=0
    pub float32_with_zero_maximum: f32, // want "field TestNumbers.float32WithZeroMaximum should have the omitempty tag." "field TestNumbers.float32WithZeroMaximum has a valid zero value \\(0.0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Maximum=0
    #[serde(default)]
    pub float32_with_zero_maximum_with_omit_empty: f32, // want "field TestNumbers.float32WithZeroMaximumWithOmitEmpty has a valid zero value \\(0.0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Maximum=-1
    pub float32_with_negative_maximum: f32, // want "field TestNumbers.float32WithNegativeMaximum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Maximum=-1
    #[serde(default)]
    pub float32_with_negative_maximum_with_omit_empty: f32,
    // +required
    // +kubebuilder:validation:Minimum=-1
    // +kubebuilder:validation:Maximum=1
    pub float32_with_range_including_zero: f32, // want "field TestNumbers.float32WithRangeIncludingZero should have the omitempty tag." "field TestNumbers.float32WithRangeIncludingZero has a valid zero value \\(0.0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=-1
    // +kubebuilder:validation:Maximum=1
    #[serde(default)]
    pub float32_with_range_including_zero_with_omit_empty: f32, // want "field TestNumbers.float32WithRangeIncludingZeroWithOmitEmpty has a valid zero value \\(0.0\\) and should be a pointer."
    // +required
    pub float64: f64, // want "field TestNumbers.float64 should have the omitempty tag." "field TestNumbers.float64 has a valid zero value \\(0.0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Minimum=1
    pub float64_with_positive_minimum: f64, // want "field TestNumbers.float64WithPositiveMinimum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Minimum=0
    pub float64_with_zero_minimum: f64, // want "field TestNumbers.float64WithZeroMinimum should have the omitempty tag." "field TestNumbers.float64WithZeroMinimum has a valid zero value \\(0.0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Minimum=-1
    pub float64_with_negative_minimum: f64, // want "field TestNumbers.float64WithNegativeMinimum should have the omitempty tag." "field TestNumbers.float64WithNegativeMinimum has a valid zero value \\(0.0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=1
    pub float64_with_positive_maximum: f64, // want "field TestNumbers.float64WithPositiveMaximum should have the omitempty tag." "field TestNumbers.float64WithPositiveMaximum has a valid zero value \\(0.0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    // +kubebuilder:validation:Maximum=0
    pub float64_with_zero_maximum: f64, // want "field TestNumbers.float64WithZeroMaximum should have the omitempty tag." "field TestNumbers.float64WithZeroMaximum has a valid zero value \\(0.0\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Maximum=-1
    pub float64_with_negative_maximum: f64, // want "field TestNumbers.float64WithNegativeMaximum should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Minimum=-1
    // +kubebuilder:validation:Maximum=1
    pub float64_with_range_including_zero: f64, // want "field TestNumbers.float64WithRangeIncludingZero should have the omitempty tag." "field TestNumbers.float64WithRangeIncludingZero has a valid zero value \\(0.0\\) and should be a pointer."
}

