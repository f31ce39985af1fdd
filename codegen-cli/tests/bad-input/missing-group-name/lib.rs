pub mod myapp;
