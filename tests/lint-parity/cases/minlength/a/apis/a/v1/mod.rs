//! +groupName=a.example.com
mod a;
mod b;
mod maps;
