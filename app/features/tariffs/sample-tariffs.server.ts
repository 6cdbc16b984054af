/**
 * About 40 ILLUSTRATIVE tariffs across EE, O2, Vodafone and Three in the catalogue's CSV columns (docs/tariffs.md): plausible 2026 prices, not live offers.
 * "Import sample tariffs" adds them, marked sample, to an empty catalogue; the public pages label them "Illustrative prices" until staff edit or re-import
 * them. A module, not a .csv beside it, so the built server carries it: edit the rows as a CSV file.
 */
export const SAMPLE_TARIFFS_CSV = `slug,network,name,service_type,status,monthly_price_ex_vat,upfront_cost_ex_vat,term_months,price_rises,data_gb,minutes,texts,five_g,eu_roaming,eu_roaming_fair_use_gb,eu_roaming_daily_charge,wifi_calling,business_extras,multi_line_discount_from_line,multi_line_discount_percent,min_lines,max_lines,source_url,checked_on
ee-business-sim-10gb-12,EE,Business SIM 10GB,sim_only,live,9.00,0.00,12,2027-04-01=10.50,10,unlimited,unlimited,yes,yes,10,,yes,Business support line,,,1,50,https://ee.co.uk/business,2026-11-16
ee-business-sim-30gb-24,EE,Business SIM 30GB,sim_only,live,12.50,0.00,24,2027-04-01=14.00,30,unlimited,unlimited,yes,yes,15,,yes,Business support line;Shared data option,2,10,1,50,https://ee.co.uk/business,2026-11-16
ee-business-sim-100gb-24,EE,Business SIM 100GB,sim_only,live,17.00,0.00,24,2027-04-01=18.50,100,unlimited,unlimited,yes,yes,30,,yes,Business support line,2,10,1,50,https://ee.co.uk/business,2026-11-16
ee-business-unlimited-24,EE,Business Unlimited,sim_only,live,24.00,0.00,24,2027-04-01=25.50,,unlimited,unlimited,yes,yes,50,,yes,Priority support;Device insurance option,3,15,1,50,https://ee.co.uk/business,2026-11-16
ee-business-unlimited-36,EE,Business Unlimited 36,sim_only,live,22.00,0.00,36,2027-04-01=23.50;2028-04-01=25.00,,unlimited,unlimited,yes,yes,50,,yes,Priority support,3,15,2,50,https://ee.co.uk/business,2026-11-16
ee-business-sim-rolling,EE,Business SIM 20GB Flex,sim_only,live,14.00,0.00,1,,20,unlimited,unlimited,yes,no,,2.50,yes,,,,1,10,https://ee.co.uk/business,2026-11-16
ee-iphone-16e-100gb-24,EE,iPhone 16e with 100GB,handset,live,38.00,49.00,24,2027-04-01=39.50,100,unlimited,unlimited,yes,yes,30,,yes,Device insurance option,2,5,1,50,https://ee.co.uk/business,2026-11-16
ee-galaxy-a56-50gb-24,EE,Galaxy A56 with 50GB,handset,live,27.50,0.00,24,2027-04-01=29.00,50,unlimited,unlimited,yes,yes,20,,yes,,,,1,50,https://ee.co.uk/business,2026-11-16
ee-business-data-100gb-24,EE,Business Data 100GB,data_only,live,16.00,0.00,24,2027-04-01=17.50,100,0,0,yes,yes,30,,no,Mobile router option,,,1,50,https://ee.co.uk/business,2026-11-16
ee-business-data-unlimited-24,EE,Business Data Unlimited,data_only,live,26.00,0.00,24,2027-04-01=27.50,,0,0,yes,yes,50,,no,,5,10,1,50,https://ee.co.uk/business,2026-11-16
o2-business-sim-15gb-12,O2,Business Plan 15GB,sim_only,live,8.50,0.00,12,2027-04-01=9.75,15,unlimited,unlimited,yes,yes,15,,yes,O2 Business support,,,1,50,https://www.o2.co.uk/business,2026-11-12
o2-business-sim-50gb-24,O2,Business Plan 50GB,sim_only,live,13.00,0.00,24,2027-04-01=14.50,50,unlimited,unlimited,yes,yes,25,,yes,O2 Business support;Shared data option,2,10,1,50,https://www.o2.co.uk/business,2026-11-12
o2-business-sim-150gb-24,O2,Business Plan 150GB,sim_only,live,16.50,0.00,24,2027-04-01=18.00,150,unlimited,unlimited,yes,yes,25,,yes,,2,10,1,50,https://www.o2.co.uk/business,2026-11-12
o2-business-unlimited-24,O2,Business Unlimited,sim_only,live,22.50,0.00,24,2027-04-01=24.00,,unlimited,unlimited,yes,yes,25,,yes,Priority support,2,12.5,1,50,https://www.o2.co.uk/business,2026-11-12
o2-business-unlimited-36,O2,Business Unlimited 36,sim_only,live,21.00,0.00,36,2027-04-01=22.50;2028-04-01=24.00,,unlimited,unlimited,yes,yes,25,,yes,Priority support,2,12.5,2,50,https://www.o2.co.uk/business,2026-11-12
o2-business-sim-5gb-rolling,O2,Business Plan 5GB Rolling,sim_only,live,7.00,0.00,1,,5,1000,unlimited,no,no,,2.40,yes,,,,1,10,https://www.o2.co.uk/business,2026-11-12
o2-iphone-16-unlimited-36,O2,iPhone 16 with Unlimited,handset,live,44.00,29.00,36,2027-04-01=45.50;2028-04-01=47.00,,unlimited,unlimited,yes,yes,25,,yes,Device insurance option,,,1,50,https://www.o2.co.uk/business,2026-11-12
o2-galaxy-s25-100gb-24,O2,Galaxy S25 with 100GB,handset,live,41.00,0.00,24,2027-04-01=42.50,100,unlimited,unlimited,yes,yes,25,,yes,,3,5,1,50,https://www.o2.co.uk/business,2026-11-12
o2-business-data-50gb-24,O2,Business Data 50GB,data_only,live,12.00,0.00,24,2027-04-01=13.25,50,0,0,yes,yes,25,,no,,,,1,50,https://www.o2.co.uk/business,2026-11-12
o2-business-data-200gb-24,O2,Business Data 200GB,data_only,live,19.50,0.00,24,2027-04-01=21.00,200,0,0,yes,yes,25,,no,Mobile router option,5,10,1,50,https://www.o2.co.uk/business,2026-11-12
vodafone-business-sim-12gb-12,Vodafone,Business Essentials 12GB,sim_only,live,8.00,0.00,12,2027-04-01=9.25,12,unlimited,unlimited,yes,no,,2.00,yes,,,,1,50,https://www.vodafone.co.uk/business,2026-11-18
vodafone-business-sim-40gb-24,Vodafone,Business Essentials 40GB,sim_only,live,11.50,0.00,24,2027-04-01=13.00,40,unlimited,unlimited,yes,yes,25,,yes,Business support line,2,10,1,50,https://www.vodafone.co.uk/business,2026-11-18
vodafone-business-sim-120gb-24,Vodafone,Business Advanced 120GB,sim_only,live,16.00,0.00,24,2027-04-01=17.50,120,unlimited,unlimited,yes,yes,25,,yes,Business support line;Secure Net,2,10,1,50,https://www.vodafone.co.uk/business,2026-11-18
vodafone-business-unlimited-24,Vodafone,Business Unlimited,sim_only,live,23.00,0.00,24,2027-04-01=24.50,,unlimited,unlimited,yes,yes,25,,yes,Priority support;Secure Net,3,20,1,50,https://www.vodafone.co.uk/business,2026-11-18
vodafone-business-unlimited-36,Vodafone,Business Unlimited 36,sim_only,live,21.50,0.00,36,2027-04-01=23.00;2028-04-01=24.50,,unlimited,unlimited,yes,yes,25,,yes,Priority support,3,20,3,50,https://www.vodafone.co.uk/business,2026-11-18
vodafone-business-sim-25gb-rolling,Vodafone,Business Flex 25GB,sim_only,live,13.50,0.00,1,,25,unlimited,unlimited,yes,no,,2.25,yes,,,,1,10,https://www.vodafone.co.uk/business,2026-11-18
vodafone-iphone-16e-50gb-24,Vodafone,iPhone 16e with 50GB,handset,live,35.00,39.00,24,2027-04-01=36.50,50,unlimited,unlimited,yes,yes,25,,yes,Device insurance option,,,1,50,https://www.vodafone.co.uk/business,2026-11-18
vodafone-pixel-9a-unlimited-24,Vodafone,Pixel 9a with Unlimited,handset,live,36.50,0.00,24,2027-04-01=38.00,,unlimited,unlimited,yes,yes,25,,yes,,2,5,1,50,https://www.vodafone.co.uk/business,2026-11-18
vodafone-business-data-30gb-12,Vodafone,Business Data 30GB,data_only,live,10.00,0.00,12,2027-04-01=11.25,30,0,0,yes,yes,25,,no,,,,1,50,https://www.vodafone.co.uk/business,2026-11-18
vodafone-business-data-unlimited-24,Vodafone,Business Data Unlimited,data_only,live,25.00,0.00,24,2027-04-01=26.50,,0,0,yes,yes,25,,no,Mobile router option,5,10,1,50,https://www.vodafone.co.uk/business,2026-11-18
three-business-sim-20gb-12,Three,Business SIM 20GB,sim_only,live,7.50,0.00,12,2027-04-01=8.50,20,unlimited,unlimited,yes,yes,12,,yes,,,,1,50,https://www.three.co.uk/business,2026-11-10
three-business-sim-60gb-24,Three,Business SIM 60GB,sim_only,live,10.50,0.00,24,2027-04-01=11.75,60,unlimited,unlimited,yes,yes,12,,yes,Business support line,2,10,1,50,https://www.three.co.uk/business,2026-11-10
three-business-sim-200gb-24,Three,Business SIM 200GB,sim_only,live,14.00,0.00,24,2027-04-01=15.25,200,unlimited,unlimited,yes,yes,12,,yes,,2,10,1,50,https://www.three.co.uk/business,2026-11-10
three-business-unlimited-24,Three,Business Unlimited,sim_only,live,19.00,0.00,24,2027-04-01=20.50,,unlimited,unlimited,yes,yes,12,,yes,Priority support,2,15,1,50,https://www.three.co.uk/business,2026-11-10
three-business-unlimited-36,Three,Business Unlimited 36,sim_only,live,17.50,0.00,36,2027-04-01=19.00;2028-04-01=20.50,,unlimited,unlimited,yes,yes,12,,yes,Priority support,2,15,2,50,https://www.three.co.uk/business,2026-11-10
three-business-sim-10gb-rolling,Three,Business SIM 10GB Rolling,sim_only,live,9.00,0.00,1,,10,unlimited,unlimited,yes,no,,2.00,yes,,,,1,10,https://www.three.co.uk/business,2026-11-10
three-iphone-16-100gb-24,Three,iPhone 16 with 100GB,handset,live,39.50,30.00,24,2027-04-01=41.00,100,unlimited,unlimited,yes,yes,12,,yes,Device insurance option,,,1,50,https://www.three.co.uk/business,2026-11-10
three-galaxy-a36-unlimited-24,Three,Galaxy A36 with Unlimited,handset,live,29.00,0.00,24,2027-04-01=30.50,,unlimited,unlimited,yes,yes,12,,yes,,3,5,1,50,https://www.three.co.uk/business,2026-11-10
three-business-data-100gb-24,Three,Business Data 100GB,data_only,live,12.50,0.00,24,2027-04-01=13.75,100,0,0,yes,yes,12,,no,,,,1,50,https://www.three.co.uk/business,2026-11-10
three-business-data-unlimited-24,Three,Business Data Unlimited,data_only,live,20.00,0.00,24,2027-04-01=21.50,,0,0,yes,yes,12,,no,Mobile router option,5,10,1,50,https://www.three.co.uk/business,2026-11-10
`;
