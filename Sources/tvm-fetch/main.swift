import TVMCLI

await FetchCommand.main(ArgumentRewriter.rewrite(Array(CommandLine.arguments.dropFirst())))
