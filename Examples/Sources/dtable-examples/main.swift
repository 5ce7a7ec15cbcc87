import SeedExamples

#if canImport(Glibc)
import Glibc
#endif

// `dtable-examples NAME` shows an example in the terminal; `--print NAME` writes it to stdout.
exit(ExampleRunner.main(arguments: Array(CommandLine.arguments.dropFirst())))
