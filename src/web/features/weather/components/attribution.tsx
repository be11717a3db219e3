const link = 'font-medium text-foreground underline underline-offset-2 hover:text-primary';

function Ext({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={link}>
      {children}
    </a>
  );
}

/** Credit to the data providers, as their licences ask (DESIGN §2: Open-Meteo CC-BY 4.0). */
export function Attribution() {
  return (
    <footer className="grid gap-1 border-t pt-4 text-xs text-muted-foreground" data-testid="weather-attribution">
      <p>
        Weather data by <Ext href="https://open-meteo.com/">Open-Meteo.com</Ext>, licensed under{' '}
        <Ext href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</Ext> (forecast, geocoding and air quality, CAMS). METAR and TAF from the{' '}
        <Ext href="https://aviationweather.gov/">NOAA Aviation Weather Center (aviationweather.gov)</Ext>; Kp index from the{' '}
        <Ext href="https://www.swpc.noaa.gov/">NOAA Space Weather Prediction Center</Ext>.
      </p>
      <p>For planning only: check official sources and airspace authorisations before you fly.</p>
    </footer>
  );
}
