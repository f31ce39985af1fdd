//! +groupName=a.example.com
mod arrays;
mod bool;
mod maps;
mod numbers;
mod strings;
mod structs;
