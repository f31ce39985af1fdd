// Twin of kube-api-linter's pkg/analysis/integers/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct Integers {
    #[serde(rename = "ValidString")]
    pub valid_string: String,
    #[serde(rename = "ValidMap")]
    pub valid_map: BTreeMap<String, String>,
    #[serde(rename = "ValidInt32")]
    pub valid_int32: i32,
    #[serde(rename = "ValidInt32Ptr")]
    pub valid_int32_ptr: Option<i32>,
    #[serde(rename = "ValidInt64")]
    pub valid_int64: i64,
    #[serde(rename = "ValidInt64Ptr")]
    pub valid_int64_ptr: Option<i64>,
    #[serde(rename = "InvalidInt")]
    pub invalid_int: isize, // want "field Integers.InvalidInt should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidIntPtr")]
    pub invalid_int_ptr: Option<isize>, // want "field Integers.InvalidIntPtr pointer should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidInt8")]
    pub invalid_int8: i8, // want "field Integers.InvalidInt8 should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidInt16")]
    pub invalid_int16: i16, // want "field Integers.InvalidInt16 should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidUInt")]
    pub invalid_u_int: usize, // want "field Integers.InvalidUInt should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "InvalidUIntPtr")]
    pub invalid_u_int_ptr: usize, // want "field Integers.InvalidUIntPtr should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "InvalidUInt8")]
    pub invalid_u_int8: u8, // want "field Integers.InvalidUInt8 should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "InvalidUInt16")]
    pub invalid_u_int16: u16, // want "field Integers.InvalidUInt16 should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "InvalidUInt32")]
    pub invalid_u_int32: u32, // want "field Integers.InvalidUInt32 should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "InvalidUInt64")]
    pub invalid_u_int64: u64, // want "field Integers.InvalidUInt64 should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "ValidInt32Alias")]
    pub valid_int32_alias: ValidInt32Alias,
    #[serde(rename = "ValidInt32AliasPtr")]
    pub valid_int32_alias_ptr: Option<ValidInt32Alias>,
    #[serde(rename = "InvalidIntAlias")]
    pub invalid_int_alias: InvalidIntAlias, // want "field Integers.InvalidIntAlias type InvalidIntAlias should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidIntAliasPtr")]
    pub invalid_int_alias_ptr: Option<InvalidIntAlias>, // want "field Integers.InvalidIntAliasPtr pointer type InvalidIntAlias should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidUIntAlias")]
    pub invalid_u_int_alias: InvalidUIntAlias, // want "field Integers.InvalidUIntAlias type InvalidUIntAlias should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "InvalidUIntAliasPtr")]
    pub invalid_u_int_alias_ptr: Option<InvalidUIntAlias>, // want "field Integers.InvalidUIntAliasPtr pointer type InvalidUIntAlias should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "InvalidIntAliasAlias")]
    pub invalid_int_alias_alias: InvalidIntAliasAlias, // want "field Integers.InvalidIntAliasAlias type InvalidIntAliasAlias type InvalidIntAlias should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "ValidSliceInt32")]
    pub valid_slice_int32: Vec<i32>,
    #[serde(rename = "ValidSliceInt32Ptr")]
    pub valid_slice_int32_ptr: Vec<Option<i32>>,
    #[serde(rename = "ValidSliceInt64")]
    pub valid_slice_int64: Vec<i64>,
    #[serde(rename = "ValidSliceInt64Ptr")]
    pub valid_slice_int64_ptr: Vec<Option<i64>>,
    #[serde(rename = "InvalidSliceInt")]
    pub invalid_slice_int: Vec<isize>, // want "field Integers.InvalidSliceInt array element should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidSliceIntPtr")]
    pub invalid_slice_int_ptr: Vec<Option<isize>>, // want "field Integers.InvalidSliceIntPtr array element pointer should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidSliceUInt")]
    pub invalid_slice_u_int: Vec<usize>, // want "field Integers.InvalidSliceUInt array element should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "InvalidSliceUIntPtr")]
    pub invalid_slice_u_int_ptr: Vec<Option<usize>>, // want "field Integers.InvalidSliceUIntPtr array element pointer should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "InvalidSliceIntAlias")]
    pub invalid_slice_int_alias: Vec<InvalidIntAlias>, // want "field Integers.InvalidSliceIntAlias array element type InvalidIntAlias should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidSliceIntAliasPtr")]
    pub invalid_slice_int_alias_ptr: Vec<Option<InvalidIntAlias>>, // want "field Integers.InvalidSliceIntAliasPtr array element pointer type InvalidIntAlias should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidSliceUIntAlias")]
    pub invalid_slice_u_int_alias: Vec<InvalidUIntAlias>, // want "field Integers.InvalidSliceUIntAlias array element type InvalidUIntAlias should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "InvalidSliceUIntAliasPtr")]
    pub invalid_slice_u_int_alias_ptr: Vec<Option<InvalidUIntAlias>>, // want "field Integers.InvalidSliceUIntAliasPtr array element pointer type InvalidUIntAlias should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "ValidMapStringToInt32")]
    pub valid_map_string_to_int32: BTreeMap<String, i32>,
    #[serde(rename = "ValidMapStringToInt64")]
    pub valid_map_string_to_int64: BTreeMap<String, i64>,
    #[serde(rename = "InvalidMapStringToInt")]
    pub invalid_map_string_to_int: BTreeMap<String, isize>, // want "field Integers.InvalidMapStringToInt map value should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidMapStringToUInt")]
    pub invalid_map_string_to_u_int: BTreeMap<String, usize>, // want "field Integers.InvalidMapStringToUInt map value should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "ValidMapInt32ToString")]
    pub valid_map_int32_to_string: BTreeMap<i32, String>,
    #[serde(rename = "ValidMapInt64ToString")]
    pub valid_map_int64_to_string: BTreeMap<i64, String>,
    #[serde(rename = "InvalidMapIntToString")]
    pub invalid_map_int_to_string: BTreeMap<isize, String>, // want "field Integers.InvalidMapIntToString map key should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidMapUIntToString")]
    pub invalid_map_u_int_to_string: BTreeMap<usize, String>, // want "field Integers.InvalidMapUIntToString map key should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"
    #[serde(rename = "InvalidIntFromAnotherFile")]
    pub invalid_int_from_another_file: IntB, // want "field Integers.InvalidIntFromAnotherFile type IntB should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
    #[serde(rename = "InvalidSliceIntAliasFromAnotherFile")]
    pub invalid_slice_int_alias_from_another_file: InvalidSliceIntAliasB, // want "field Integers.InvalidSliceIntAliasFromAnotherFile type InvalidSliceIntAliasB array element should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"
}

pub struct ValidInt32Alias(pub i32);

pub struct ValidInt32PtrAlias(pub Option<i32>);

pub struct ValidInt64Alias(pub i64);

pub struct ValidInt64PtrAlias(pub Option<i64>);

pub struct InvalidIntAlias(pub isize); // want "type InvalidIntAlias should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"

pub struct InvalidIntPtrAlias(pub Option<isize>); // want "type InvalidIntPtrAlias pointer should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"

pub struct InvalidInt8Alias(pub i8); // want "type InvalidInt8Alias should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"

pub struct InvalidInt16Alias(pub i16); // want "type InvalidInt16Alias should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"

pub struct InvalidUIntAlias(pub usize); // want "type InvalidUIntAlias should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"

pub struct InvalidUIntPtrAlias(pub Option<usize>); // want "type InvalidUIntPtrAlias pointer should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"

pub struct InvalidUInt8Alias(pub u8); // want "type InvalidUInt8Alias should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"

pub struct InvalidUInt16Alias(pub u16); // want "type InvalidUInt16Alias should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"

pub struct InvalidUInt32Alias(pub u32); // want "type InvalidUInt32Alias should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"

pub struct InvalidUInt64Alias(pub u64); // want "type InvalidUInt64Alias should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive"

pub struct InvalidIntAliasAlias(pub InvalidIntAlias); // want "type InvalidIntAliasAlias type InvalidIntAlias should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"

pub struct InvalidSliceIntAlias(pub Vec<isize>); // want "type InvalidSliceIntAlias array element should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"

pub struct InvalidSliceIntPtrAlias(pub Vec<Option<isize>>); // want "type InvalidSliceIntPtrAlias array element pointer should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"

pub struct InvalidSliceIntAliasAlias(pub Vec<InvalidIntAlias>); // want "type InvalidSliceIntAliasAlias array element type InvalidIntAlias should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"

pub struct InvalidSliceIntAliasPtrAlias(pub Vec<Option<InvalidIntAlias>>); // want "type InvalidSliceIntAliasPtrAlias array element pointer type InvalidIntAlias should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"

