import TVMCLI

await FetchCommand.runAsTool()
