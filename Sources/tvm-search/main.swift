import TVMCLI

await SearchCommand.runAsTool()
