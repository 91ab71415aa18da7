import TVMCLI

await EpisodesCommand.runAsTool()
