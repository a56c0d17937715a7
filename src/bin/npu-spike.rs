fn main() {
    std::process::exit(npu_spike::cli::main_with_args(std::env::args().collect()));
}
